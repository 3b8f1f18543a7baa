// Dark or light colours on every page: the player's remembered choice, else the system's.
const KEY = "rectlogic:settings";
const stored = () => JSON.parse(localStorage.getItem(KEY) || "{}");

export function applyTheme() {
  const chosen = stored().theme;
  const dark = chosen ? chosen === "dark" : matchMedia("(prefers-color-scheme: dark)").matches;
  document.documentElement.classList.toggle("dark", dark);
  return dark;
}
applyTheme();
matchMedia("(prefers-color-scheme: dark)").addEventListener("change", applyTheme);

// A button that switches to the other colours and remembers the choice (with the player's
// other settings, which it leaves as they are); it names the colours it switches to.
export function themeToggle(button) {
  const show = () => {
    const dark = applyTheme();
    button.textContent = dark ? "Light" : "Dark";
    button.setAttribute("aria-label", dark ? "switch to light colours" : "switch to dark colours");
  };
  button.onclick = () => {
    const dark = document.documentElement.classList.contains("dark");
    localStorage.setItem(KEY, JSON.stringify({ ...stored(), theme: dark ? "light" : "dark" }));
    show();
  };
  matchMedia("(prefers-color-scheme: dark)").addEventListener("change", show);
  show();
}
