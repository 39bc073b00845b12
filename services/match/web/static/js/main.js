// The page's router: #/ is home, #/match/<id> a match (played, watched or replayed).

import { session } from "./api.js";
import { h, mount } from "./dom.js";
import { HomePage } from "./home.js";
import { choose, chosen, setLanguage, t } from "./i18n.js";
import { MatchPage } from "./match.js";
import { RulesPage } from "./rules.js";
import * as notify from "./notify.js";

const main = document.getElementById("main");
let page = null;

function renderAccount() {
  const me = session.load();
  mount(document.getElementById("account"),
    h("a", { href: "#/" }, t("home")),
    me ? h("span", { class: "me" }, me.name) : null,
    me && notify.supported() && Notification.permission === "default"
      ? h("button", { type: "button", class: "link", "data-role": "notify", onclick: async () => { await notify.enable(); renderAccount(); } }, t("notifyMe"))
      : null,
    me ? h("button", { type: "button", class: "link", "data-role": "sign-out", onclick: () => {
      session.clear();
      if (location.hash && location.hash !== "#/") location.hash = "#/";   // routes on hashchange
      else window.dispatchEvent(new Event("orrery:session"));
    } }, t("signOut")) : null);
}

async function route() {
  if (page) page.stop();
  setLanguage(chosen());
  renderAccount();
  notify.start();
  const match = location.hash.match(/^#\/match\/([A-Za-z0-9_-]+)/);
  const rules = location.hash.match(/^#\/rules\/([a-z_]+)/);
  page = match ? new MatchPage(main, match[1]) : rules ? new RulesPage(main, rules[1]) : new HomePage(main);
  try {
    await page.start();
  } catch (error) {
    mount(main, h("p", { class: "error", role: "alert" }, error.message));
  }
  renderAccount();
}

document.getElementById("lang-select").addEventListener("change", (e) => { choose(e.target.value); route(); });
window.addEventListener("hashchange", route);
window.addEventListener("orrery:session", route);
window.addEventListener("orrery:language", renderAccount);   // a match may switch the words
route();
