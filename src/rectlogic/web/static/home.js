// The home page: a table per genre of the bank's boards by size and grade, and the Generate
// form (ask the API for a board, then open it in the player). Genres come from the API.
const gen = document.getElementById("gen");

function cell(tag, text, cls) {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  if (cls) e.className = cls;
  return e;
}

// the stars a group of boards spans: ★2–4 (how hard, 1 to 5, against Janko's boards)
function starsOf([lo, hi]) {
  const span = cell("span", `★${lo}${hi !== lo ? `–${hi}` : ""}`, "stars");
  span.title = `${lo === hi ? lo : `${lo} to ${hi}`} of 5 stars: how hard, against Janko's published boards`;
  span.setAttribute("aria-label", `${lo === hi ? lo : `${lo} to ${hi}`} stars of 5`);
  return span;
}

async function tables() {
  const [genres, found] = await Promise.all(
    ["/api/genres", "/api/bank/index"].map((u) => fetch(u).then((r) => r.json())));
  // a missing or corrupt bank (503 {"error"}): no tables, but Generate still works
  const index = Array.isArray(found) ? found : [];
  const area = (s) => s.split("x").reduce((a, b) => a * b, 1);
  const sizes = [...new Set(index.map((b) => b.size))].sort((a, b) => area(a) - area(b));
  const out = document.getElementById("tables");
  if (!Array.isArray(found)) out.append(cell("p", `No boards to list: ${found.error}.`, "bankdown"));
  for (let n = 5; n <= 20; n++) {
    const o = cell("option", `${n}x${n}`); if (n === 8) o.selected = true; gen.elements.size.appendChild(o);
  }
  const grades = () => {  // only the grades the chosen genre has
    const g = genres.find((x) => x.name === gen.elements.genre.value);
    gen.elements.grade.replaceChildren(cell("option", "any"), ...g.grades.map((x) => cell("option", x)));
    gen.elements.grade.firstChild.value = "";
  };
  gen.elements.genre.onchange = grades;
  for (const g of genres) {
    const option = gen.elements.genre.appendChild(cell("option", g.title));
    option.value = g.name;
    // only the grades and sizes the bank has boards of: no column of dashes
    const has = (grade, size) => index.find((x) => x.genre === g.name && x.grade === grade && (!size || x.size === size));
    const shown = g.grades.filter((grade) => has(grade));
    const table = cell("table"), head = cell("tr");
    table.appendChild(cell("caption", `${g.title}: boards in the bank by size and grade`, "sr"));
    head.appendChild(cell("th", "size"));
    shown.forEach((grade) => head.appendChild(cell("th", grade)));
    table.appendChild(head);
    for (const size of sizes.filter((s) => shown.some((grade) => has(grade, s)))) {
      const row = cell("tr");
      row.appendChild(cell("th", size.replace("x", "×")));
      for (const grade of shown) {
        const b = has(grade, size);
        if (!b) { const td = cell("td", "—", "none"); td.title = "no board of this size and grade"; row.appendChild(td); continue; }
        const td = cell("td"), a = cell("a", String(b.count));
        a.appendChild(cell("span", " boards", "sr"));
        a.href = `/play?id=${b.first}`; a.title = `play the first of ${b.count}; "Next board" in the player goes on`;
        td.appendChild(a);
        if (b.stars) td.appendChild(starsOf(b.stars));
        row.appendChild(td);
      }
      table.appendChild(row);
    }
    const words = cell("ul", undefined, "grades");
    g.grades.forEach((grade) => words.appendChild(cell("li", `${grade}: ${g.explain[grade]}`)));
    const scroller = cell("div", undefined, "scroll");  // a wide table scrolls on its own
    scroller.appendChild(table);
    // a genre the bank has no boards of: say so, and point to Generate (no bank: said above)
    const listed = shown.length || !Array.isArray(found) ? scroller
      : cell("p", `No ${g.title} boards in the bank yet: generate one above.`, "nobank");
    out.append(cell("h2", g.title), listed, words);
  }
  grades();
}
tables();
const msg = document.getElementById("genmsg");
gen.onsubmit = async (e) => {
  e.preventDefault();
  const f = new FormData(gen);
  const button = gen.querySelector("button");
  button.disabled = true;
  const began = Date.now();
  const ticking = setInterval(() => { msg.textContent = `making… ${Math.round((Date.now() - began) / 1000)} s`; }, 500);
  msg.textContent = "making…";
  try {
    const r = await fetch("/api/generate", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ genre: f.get("genre"), size: f.get("size"),
                             grade: f.get("grade") || null, style: f.get("style"),
                             seed: Math.floor(Math.random() * 1e6) }),
    });
    const d = await r.json();
    if (!r.ok) { msg.textContent = d.error || "bad request"; return; }
    location.href = "/play?url=" + encodeURIComponent(d.url);
  } catch (err) {
    msg.textContent = "the server did not answer";
  } finally {
    clearInterval(ticking);
    button.disabled = false;
  }
};
