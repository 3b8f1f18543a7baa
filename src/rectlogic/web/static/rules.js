// The rules page: each genre's rules in words, its controls, and a small solved example drawn
// by the player's own drawing code.
import { drawBoard } from "/static/svg.js";

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
    add(section, "h2", g.title);
    add(section, "p", g.rules);
    if (g.board) {
      add(section, "p", "A solved example:");
      const b = g.board;  // cells marked as staying empty are drawn empty, as in print
      const state = b.input === "rectangles" ? g.answer
        : g.answer.map((row) => [...row].map((ch) => (ch === b.dot ? "_" : ch)));
      const figure = add(section, "figure", undefined, "example");
      figure.appendChild(drawBoard(b, state, { labels: false, title: `a solved ${g.title} board` }));
      const text = add(figure, "figcaption"); text.className = "sr"; text.textContent = g.picture;
      const a = add(section, "a", "play this example"); a.href = `/play?url=${encodeURIComponent(g.example)}`;
    }
    add(section, "h3", "Controls");
    const ul = add(section, "ul");
    g.controls.forEach((line) => add(ul, "li", line));
  }
});
