// Dark or light colours on every page: the player's remembered choice, else the system's.
const KEY = "rectlogic:settings";

export function applyTheme() {
  const chosen = JSON.parse(localStorage.getItem(KEY) || "{}").theme;
  const dark = chosen ? chosen === "dark" : matchMedia("(prefers-color-scheme: dark)").matches;
  document.documentElement.classList.toggle("dark", dark);
  return dark;
}
applyTheme();
matchMedia("(prefers-color-scheme: dark)").addEventListener("change", applyTheme);
