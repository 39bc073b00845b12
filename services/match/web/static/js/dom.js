// Building elements without innerHTML, so no text from the server is ever parsed as markup.

const SVG_NS = "http://www.w3.org/2000/svg";

function fill(node, attrs, children) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      node.addEventListener(key.slice(2), value);
    } else {
      node.setAttribute(key, value === true ? "" : String(value));
    }
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** An HTML element: h("button", {class: "x", onclick: f}, "text", child...). */
export function h(tag, attrs, ...children) {
  return fill(document.createElement(tag), attrs, children);
}

/** An SVG element, the same way. */
export function s(tag, attrs, ...children) {
  return fill(document.createElementNS(SVG_NS, tag), attrs, children);
}

/** Replace everything inside `node` with `children`. */
export function mount(node, ...children) {
  node.replaceChildren();
  return fill(node, {}, children);
}

/** A board element that sends `command` when activated (click, Enter or Space). */
export function commandAttrs(command, label) {
  return { "data-command": JSON.stringify(command), role: "button", tabindex: 0,
           "aria-label": label, class: "target one" };
}

/** A board element that narrows the move list to several commands when activated. */
export function targetAttrs(target, count, label) {
  return { "data-target": target, role: "button", tabindex: 0,
           "aria-label": `${label} (${count})`, class: "target many" };
}
