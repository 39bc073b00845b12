// Any game without a renderer of its own: its view as readable nested lists and its legal
// commands as buttons (the chooser), so a game is playable the moment it is registered.

import { h } from "../dom.js";
import { t } from "../i18n.js";
import { plain, plainCommand, plainEvent } from "./common.js";

function tree(value, depth = 0) {
  if (value === null || typeof value !== "object") return h("span", { class: "leaf" }, plain(value));
  const entries = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
  if (!entries.length) return h("span", { class: "leaf" }, Array.isArray(value) ? "[]" : "{}");
  if (entries.every(([, v]) => v === null || typeof v !== "object") && entries.length <= 12 && Array.isArray(value)) {
    return h("span", { class: "leaf" }, value.map(plain).join(", "));
  }
  const list = h("dl", { class: "tree" }, entries.map(([k, v]) => [h("dt", {}, String(k)), h("dd", {}, tree(v, depth + 1))]));
  return depth >= 1 && entries.length > 8 ? h("details", {}, h("summary", {}, `${entries.length}…`), list) : list;
}

export default {
  name: "generic",
  draw(view) {
    return h("section", { class: "generic-view", "aria-label": t("view") }, tree(view));
  },
  targets() { return []; },
  label(command) { return plainCommand(command); },
  valueLabel(key, value) { return key === "type" ? String(value).replace(/_/g, " ") : `${key} ${plain(value)}`; },
  describe(event, ctx) { return plainEvent(event, ctx); },
};
