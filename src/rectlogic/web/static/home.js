// The home page's Generate form: ask the API for a board, then open it in the player.
const gen = document.getElementById("gen");
const msg = document.getElementById("genmsg");
gen.onsubmit = async (e) => {
  e.preventDefault();
  const f = new FormData(gen);
  const button = gen.querySelector("button");
  button.disabled = true;
  msg.textContent = "making…";
  try {
    const r = await fetch("/api/generate", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ genre: f.get("genre"), size: f.get("size"),
                             grade: f.get("grade") || null, seed: Math.floor(Math.random() * 1e6) }),
    });
    const d = await r.json();
    if (!r.ok) { msg.textContent = d.error || "bad request"; return; }
    location.href = "/play?url=" + encodeURIComponent(d.url);
  } catch (err) {
    msg.textContent = "the server did not answer";
  } finally {
    button.disabled = false;
  }
};
