// The rules page: each genre's rules in words, its controls, and a small solved example.
function add(parent, tag, text, cls) {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  if (cls) e.className = cls;
  parent.appendChild(e); return e;
}
fetch("/api/rules").then((r) => r.json()).then((genres) => {
  const main = document.getElementById("rules");
  for (const g of genres) {
    const section = add(main, "section"); section.id = g.name;
    add(section, "h2", g.name);
    add(section, "p", g.rules);
    if (g.picture) {
      add(section, "p", "A solved example:");
      add(section, "pre", g.picture, "example");
      const a = add(section, "a", "play this example"); a.href = `/play?url=${encodeURIComponent(g.example)}`;
    }
    const ul = add(section, "ul");
    g.controls.forEach((line) => add(ul, "li", line));
  }
});
