// Pictures of a board to share or print, for the player and the workbench: the server draws
// the SVG (render.py, as `rectlogic render` does); a PNG is that SVG drawn on a canvas here.
// On the player's page (<p id="pictures" data-from-location>) it wires itself, reading the
// board from the page's address as the player does, so play.js needs nothing.

export async function pictureOf(puzzle, solved) {
  const r = await fetch("/api/picture", { method: "POST", headers: { "content-type": "application/json" },
                                          body: JSON.stringify({ puzzle, solved }) });
  const data = await r.json();
  if (!r.ok) throw new Error(data.error || "no picture");
  return data.svg;
}

async function pngOf(svg, scale = 2) {
  const img = new Image();
  img.src = "data:image/svg+xml;base64," + btoa(String.fromCharCode(...new TextEncoder().encode(svg)));
  await img.decode();
  const canvas = document.createElement("canvas");
  canvas.width = img.naturalWidth * scale; canvas.height = img.naturalHeight * scale;
  canvas.getContext("2d").drawImage(img, 0, 0, canvas.width, canvas.height);
  return new Promise((done) => canvas.toBlob(done, "image/png"));
}

export async function download(puzzle, { png = false, solved = false, name = "board" } = {}) {
  const svg = await pictureOf(puzzle, solved);
  const blob = png ? await pngOf(svg) : new Blob([svg], { type: "image/svg+xml" });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = `${name}${solved ? "-answer" : ""}.${png ? "png" : "svg"}`;
  document.body.appendChild(a); a.click(); a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10000);
}

// "Picture: [SVG] [PNG] [ ] with answer" in `box`; `puzzleOf()` gives the board's text (or
// null: nothing to draw yet); a failure is said in one line beside the buttons.
export function offerPictures(box, puzzleOf) {
  const make = (tag, props) => Object.assign(document.createElement(tag), props);
  const said = make("span", { className: "said" });
  said.setAttribute("role", "status");
  const say = (text) => { said.textContent = text ? ` ${text}` : ""; };
  const solved = make("input", { type: "checkbox", id: "picture-answer" });
  const label = make("label", { htmlFor: "picture-answer", textContent: " with its answer" });
  label.prepend(solved);
  const button = (png) => make("button", {
    type: "button", textContent: png ? "PNG" : "SVG", className: "picture",
    onclick: async () => {
      say("");
      try {
        const puzzle = await puzzleOf();
        if (!puzzle) return say("nothing to draw yet");
        await download(puzzle, { png, solved: solved.checked, name: "rectlogic" });
      } catch (err) { say(err.message); }
    },
  });
  box.replaceChildren("Picture: ", button(false), " ", button(true), " ", label, said);
}

const auto = document.querySelector("#pictures[data-from-location]");
if (auto) {
  const params = new URLSearchParams(location.search);
  offerPictures(auto, async () => {
    if (params.get("url")) return params.get("url");
    if (!params.get("id")) return null;
    const r = await fetch(`/api/bank/${encodeURIComponent(params.get("id"))}`);
    const data = await r.json();
    if (!r.ok) throw new Error(data.error || "no such board");
    return data.url;
  });
}
