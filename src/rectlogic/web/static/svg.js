// One SVG element helper for the player and the workbench.
export const svgNS = "http://www.w3.org/2000/svg";

export function el(name, attrs, parent, text) {
  const e = document.createElementNS(svgNS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  parent.appendChild(e);
  return e;
}
