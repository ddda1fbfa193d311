/* The GUI's pages: fetch JSON from /api with the token, build the DOM (text only, never HTML). */
"use strict";
(function () {
  const TOKEN = document.body.dataset.token;
  const TEXT = window.IHMT_TEXT;
  let lang = localStorage.getItem("ihmt.lang") ||
    ((navigator.language || "en").toLowerCase().startsWith("es") ? "es" : "en");
  let liveTimer = null;
  const DOCTOR_AUTO_LEAVES = 2000;

  const t = (key) => (TEXT[lang] && TEXT[lang][key]) || TEXT.en[key] || key;

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (key === "text") node.textContent = value;
      else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
      else node.setAttribute(key, value === true ? "" : String(value));
    }
    for (const child of children.flat()) {
      if (child === null || child === undefined) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  const main = () => document.getElementById("main");
  function put(parent, ...children) {
    parent.replaceChildren(...children.flat().filter((c) => c !== null && c !== undefined));
  }
  let generation = 0;
  function show(...nodes) { put(main(), ...nodes); }
  function shower() {
    const mine = generation;
    return (...nodes) => { if (mine === generation) show(...nodes); };
  }
  function errorBox(message) { return el("div", { class: "error-box", role: "alert", text: message }); }
  function status(value) { return el("span", { class: "status status-" + value, text: value }); }
  const short = (stamp) => (stamp ? String(stamp).replace("T", " ").slice(0, 19) : "");

  async function api(path, body) {
    const options = { headers: { "X-IHMT-Token": TOKEN }, credentials: "same-origin" };
    if (body !== undefined) {
      options.method = "POST";
      options.headers["Content-Type"] = "application/json";
      options.body = JSON.stringify(body);
    }
    const response = await fetch(path, options);
    let data = null;
    try { data = await response.json(); } catch (e) { data = { error: response.statusText }; }
    if (!response.ok) throw new Error((data && data.error) || ("HTTP " + response.status));
    return data;
  }
  const query = (params) => new URLSearchParams(
    Object.entries(params).filter(([, v]) => v !== "" && v !== null && v !== undefined)).toString();

  function table(columns, rows, rowAttrs) {
    return el("table", {},
      el("thead", {}, el("tr", {}, columns.map((c) => el("th", { text: t(c) })))),
      el("tbody", {}, rows.map((cells, i) => el("tr", rowAttrs ? rowAttrs(i) : {},
        cells.map((c) => el("td", {}, c))))));
  }
  function kv(pairs) {
    return el("table", { class: "kv" }, el("tbody", {}, pairs.map(([k, v]) =>
      el("tr", {}, el("th", { text: k }), el("td", {}, v)))));
  }
  const fmt = (value) => (value === null || value === undefined ? "–"
    : typeof value === "object" ? JSON.stringify(value) : String(value));

  // ---------------------------------------------------------------- overview
  async function overview() {
    const show = shower();  // a page left before it drew must not draw over the next one
    const data = await api("/api/overview");
    const stats = data.stats;
    const known = ["leaves", "domains", "nodes", "depth", "unconsolidated", "fact_keys",
      "fact_events", "unreadable"];
    const extra = Object.entries(stats).filter(([k]) => !known.includes(k));
    const doctor = el("div", { id: "doctor-status" });
    const runDoctor = () => {
      put(doctor, t("loading"));
      api("/api/doctor").then((d) => put(doctor, d.ok ? el("span", { class: "ok", "data-ok": "1", text: t("overview.doctor_ok") })
        : el("div", { "data-ok": "0" }, el("span", { class: "bad", text: d.problems.length + " " + t("overview.doctor_bad") }),
          el("ul", {}, d.problems.slice(0, 20).map((p) => el("li", { text: p.code + ": " + p.detail }))))))
        .catch((e) => put(doctor, errorBox(e.message)));
    };
    // The check reads every file (seconds at 10k memories): on a large store it runs on request.
    if (stats.leaves <= DOCTOR_AUTO_LEAVES) runDoctor();
    else put(doctor, el("button", { type: "button", id: "doctor-run", text: t("overview.doctor_run"), onclick: runDoctor }));
    show(el("h1", { text: t("overview.title") }),
      el("section", { id: "overview-figures" }, kv([
        [t("overview.store"), el("code", { id: "store-path", text: data.store })],
        [t("overview.memories"), el("span", { id: "count-leaves", text: stats.leaves })],
        [t("overview.nodes"), String(stats.nodes)], [t("overview.depth"), String(stats.depth)],
        [t("overview.unconsolidated"), String(stats.unconsolidated)],
        [t("overview.last_pass"), short(data.consolidation.last_pass) || "–"],
        [t("overview.facts"), stats.fact_keys + " / " + stats.fact_events],
        [t("overview.pending"), el("span", { id: "count-pending", text: data.pending_review })],
        [t("overview.doctor"), doctor],
        ...extra.map(([k, v]) => [k, fmt(v)]),
      ])),
      el("h2", { text: t("overview.domains") }),
      table(["col.domain", "overview.memories"],
        Object.entries(stats.domains).sort().map(([d, n]) => [d, String(n)])),
      el("h2", { text: t("overview.processes") }),
      table(["col.pid", "col.client", "col.first", "col.last", "col.events", "col.errors"],
        data.processes.map((p) => [String(p.pid), p.client || "–", short(p.first_seen),
          short(p.last_seen), String(p.events), String(p.errors)])),
      el("h2", { text: t("overview.actors") }),
      table(["col.name", "col.queue", "col.handled", "col.failed"],
        data.actors.map((a) => [a.name, fmt(a.queue_depth), fmt(a.handled), fmt(a.failed)])));
  }

  // ---------------------------------------------------------------- explore
  async function explore(leafRef) {
    const show = shower();  // a page left before it drew must not draw over the next one
    const data = await api("/api/tree");
    const domains = Object.keys(data.domains);
    const viewer = el("section", { id: "leaf-view" }, el("p", { class: "muted", text: t("explore.pick") }));
    function item(node, domain) {
      if (node.kind === "node") {
        return el("li", {}, el("details", { "data-node": node.id },
          el("summary", { text: node.title + " (" + node.leaf_count + ")" }),
          el("ul", {}, (node.children || []).map((c) => item(c, domain)))));
      }
      return el("li", {}, el("a", { class: "leaf-link", "data-leaf": node.id, href: "#explore/" +
        encodeURIComponent(domain) + "/" + encodeURIComponent(node.id), text: node.title || node.id }));
    }
    const tree = el("div", { class: "tree", id: "tree" }, domains.length === 0
      ? el("p", { text: t("explore.empty") })
      : domains.map((domain) => {
        const digest = data.digests[domain];
        return el("details", { class: "domain", "data-domain": domain, open: domains.length <= 3 },
          el("summary", {}, el("strong", { text: domain })),
          digest ? el("div", { class: "digest" },
            el("p", { class: "muted", text: digest.summary || "" }),
            el("p", { class: "muted", text: t("explore.keywords") + ": " + (digest.keywords || []).join(", ") })) : null,
          el("ul", {}, data.domains[domain].map((n) => item(n, domain))));
      }));
    show(el("h1", { text: t("explore.title") }),
      data.summary ? el("p", { class: "muted", id: "root-summary", text: t("explore.digest") + ": " + data.summary }) : null,
      el("div", { class: "explore" }, el("section", {}, tree), viewer));
    if (leafRef) await showLeaf(viewer, leafRef[0], leafRef[1]);
  }

  async function showLeaf(viewer, domain, leafId) {
    put(viewer, el("p", { text: t("loading") }));
    try {
      const leaf = await api("/api/leaf/" + encodeURIComponent(domain) + "/" + encodeURIComponent(leafId));
      const h = leaf.header;
      const keys = ["leaf_id", "timestamp", "recorded_at", "data_type", "domain", "title", "origin",
        "agent", "session", "scope", "status", "superseded_by", "source", "tags", "keywords"];
      const rest = Object.keys(h).filter((k) => !keys.includes(k));
      put(viewer,
        el("h2", { id: "leaf-title", text: h.title || h.leaf_id }),
        leaf.retracted ? el("p", { class: "notice", id: "leaf-retracted", text: t("explore.retracted") }) : null,
        el("h2", { text: t("explore.header") }),
        el("div", { id: "leaf-header" }, kv(keys.concat(rest).filter((k) => k in h)
          .map((k) => [k, k === "status" ? status(String(h[k] || "")) : fmt(h[k])]))),
        el("h2", { text: t("explore.text") }),
        el("pre", { id: "leaf-text", text: leaf.text }),
        leaf.retracted ? null : el("p", {}, el("a", { href: "#review/" + encodeURIComponent(h.leaf_id), text: t("explore.forget") })));
    } catch (e) { put(viewer, errorBox(e.message)); }
  }

  // ---------------------------------------------------------------- search
  function searchPage(params) {
    const show = shower();  // a page left before it drew must not draw over the next one
    const form = el("form", { id: "search-form" },
      el("label", {}, t("search.query"), el("input", { id: "search-q", name: "q", size: 40, required: true, value: params.q || "" })),
      el("label", {}, t("search.clue"), el("input", { id: "search-clue", name: "clue", value: params.clue || "" })),
      el("label", {}, t("search.scope"), el("input", { name: "scope", value: params.scope || "" })),
      el("label", {}, t("search.as_of"), el("input", { name: "as_of", type: "date", value: params.as_of || "" })),
      el("label", {}, t("search.history"), el("input", { name: "history", type: "checkbox", value: "1" })),
      el("button", { id: "search-go", type: "submit", text: t("search.go") }));
    const out = el("div", { id: "search-out" });
    let asked = 0;
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const data = Object.fromEntries(new FormData(form).entries());
      const mine = ++asked;
      put(out, el("p", { text: t("loading") }));
      try {
        const reply = await api("/api/search?" + query(data));
        if (mine === asked) renderSearch(out, reply);
      } catch (e) { if (mine === asked) put(out, errorBox(e.message)); }
    });
    show(el("h1", { text: t("search.title") }), form, out);
    if (params.q) form.requestSubmit();
  }

  function renderSearch(out, data) {
    const r = data.result;
    const trace = Object.entries(r.trace || {}).map(([k, v]) => [k, fmt(v)]);
    const timings = Object.entries(data.timings).map(([k, v]) => [k, fmt(v)]);
    for (const [k, v] of Object.entries(r)) {  // any timing the search itself reports
      if (/(_ms|timings?)$/.test(k)) timings.push([k, fmt(v)]);
    }
    for (const [k, v] of Object.entries(r)) {  // any field the diagnosis does not show yet
      if (!["status", "query", "clue", "hits", "confidence", "reason", "answer", "trace", "history", "as_of"].includes(k) &&
          !/(_ms|timings?)$/.test(k)) trace.push([k, fmt(v)]);
    }
    const answer = r.answer ? el("section", { id: "search-answer" }, el("h2", { text: t("search.answer") }),
      kv([[r.answer.subject + " " + r.answer.attribute, r.answer.value + (r.answer.since ? " (" + r.answer.since + ")" : "")],
        ...r.answer.history.map(([v, since]) => ["↳", v + (since ? " (" + since + ")" : "")]),
        ...(r.answer.pending || []).map((v) => [t("review.pending"), v])])) : null;
    const hits = data.candidates;
    const known = ["leaf_id", "domain", "title", "timestamp", "score", "text", "excerpt", "source",
      "agent", "scope", "currency", "notices", "tree_path", "superseded_by"];
    const extra = (h) => Object.fromEntries(Object.entries(h).filter(([k]) => !known.includes(k)));
    const served = new Set((r.hits || []).map((h) => h.leaf_id));
    put(out,
      el("section", { id: "search-result", "data-status": r.status },
        kv([[t("search.status"), el("span", { id: "search-status" }, status(r.status))],
          [t("search.confidence"), el("span", { id: "search-confidence", text: Number(r.confidence).toFixed(2) })],
          [t("search.reason"), el("span", { id: "search-why", text: t("search.why." + r.status) + (r.reason ? " " + r.reason : "") })]])),
      answer,
      el("h2", { text: t("search.candidates") }),
      el("div", { id: "candidates" }, hits.length ? table(
        ["col.rank", "col.score", "col.memory", "col.currency", "col.date", "col.domain", "col.path", "col.notices", "col.details"],
        hits.map((h, i) => [String(i + 1) + (served.has(h.leaf_id) ? " ★" : ""), Number(h.score).toFixed(3),
          el("a", { href: "#explore/" + encodeURIComponent(h.domain) + "/" + encodeURIComponent(h.leaf_id), text: h.title || h.leaf_id }),
          status(h.currency), h.timestamp || "", h.domain, (h.tree_path || []).join(" › "),
          (h.notices || []).join(" "), Object.keys(extra(h)).length ? JSON.stringify(extra(h)) : ""]),
        (i) => ({ "data-leaf": hits[i].leaf_id, "data-served": served.has(hits[i].leaf_id) ? "1" : "0" }))
        : el("p", { class: "muted", text: t("none") })),
      el("h2", { text: t("search.trace") }), el("div", { id: "search-trace" }, kv(trace)),
      el("h2", { text: t("search.timings") }), el("div", { id: "search-timings" }, kv(timings)),
      el("h2", { text: t("search.agent_reply") }), el("pre", { id: "agent-reply", text: data.agent_reply }),
      el("details", {}, el("summary", { text: t("search.full_reply") }), el("pre", { text: data.full_reply })));
  }

  // ---------------------------------------------------------------- timeline
  function timelinePage(params) {
    const show = shower();  // a page left before it drew must not draw over the next one
    const form = el("form", { id: "timeline-form" },
      el("label", {}, t("timeline.subject"), el("input", { id: "tl-subject", name: "subject", value: params.subject || "user" })),
      el("label", {}, t("timeline.attribute"), el("input", { id: "tl-attribute", name: "attribute", value: params.attribute || "" })),
      el("label", {}, t("timeline.as_of"), el("input", { id: "tl-as-of", name: "as_of", type: "date", value: params.as_of || "" })),
      el("button", { type: "submit", text: t("timeline.show") }));
    const out = el("div", { id: "timeline-out" });
    let asked = 0;
    async function load() {
      const data = Object.fromEntries(new FormData(form).entries());
      const mine = ++asked;  // only the latest request may draw (an earlier one can end later)
      put(out, el("p", { text: t("loading") }));
      try {
        const reply = await api("/api/timeline?" + query(data));
        if (mine === asked) renderTimeline(out, reply, form);
      } catch (e) { if (mine === asked) put(out, errorBox(e.message)); }
    }
    form.addEventListener("submit", (event) => { event.preventDefault(); load(); });
    form.asOf = form.querySelector("#tl-as-of");
    form.asOf.addEventListener("change", load);
    show(el("h1", { text: t("timeline.title") }), form, out);
    load();
  }

  function notice(n) {
    const fill = (key) => t(key).replace(/\{(\w+)\}/g, (_, name) =>
      name === "earlier" ? n.earlier.map((v) => "'" + v + "'").join(", ") : String(n[name] ?? ""));
    return n.subject + " " + n.attribute + ": " + fill("notice." + n.kind);
  }

  function renderTimeline(out, data, form) {
    const facts = data.facts;
    put(out,
      data.notices.length ? el("section", { id: "timeline-notices" }, el("h2", { text: t("timeline.notices") }),
        data.notices.map((n) => el("p", { class: "notice", "data-kind": n.kind, text: notice(n) }))) : null,
      facts.length ? el("div", { id: "timeline-table" }, table(
        ["col.attribute", "col.value", "col.valid", "col.recorded", "col.superseded", "col.status", "col.provenance", "col.fact"],
        facts.map((f) => [f.attribute, el("strong", { text: f.value }),
          (f.valid_from || "?") + (f.valid_to ? " → " + f.valid_to : ""), short(f.recorded_at), short(f.superseded_at),
          status(f.status), (f.agent || "?") + " (" + f.origin + ")" + (f.source_leaf_id ? " · " + f.source_leaf_id : "") +
            (f.retraction_reason ? " · " + f.retraction_reason : ""),
          el("span", {}, f.fact_id, f.status === "RETRACTED" ? null : el("span", {}, " · ",
            el("a", { href: "#review/" + encodeURIComponent(f.fact_id), "data-forget": f.fact_id, text: t("forget.go") })))]),
        (i) => ({ "data-fact": facts[i].fact_id, "data-status": facts[i].status, "data-value": facts[i].value })))
        : el("p", { class: "muted", id: "timeline-empty", text: t("timeline.empty") }),
      data.changed_keys.length ? el("section", {}, el("h2", { text: t("timeline.changed") }),
        el("ul", {}, data.changed_keys.map(([s, a]) => el("li", {}, el("a", { href: "#", text: s + " · " + a,
          onclick: (e) => { e.preventDefault(); form.subject.value = s; form.attribute.value = a; form.requestSubmit(); } }))))) : null);
  }

  // ---------------------------------------------------------------- review and forget
  async function reviewPage(target) {
    const show = shower();  // a page left before it drew must not draw over the next one
    const pendingBox = el("div", { id: "pending" }, el("p", { text: t("loading") }));
    const result = el("div", { id: "forget-result" });
    const form = el("form", { id: "forget-form" },
      el("label", {}, t("forget.target"), el("input", { id: "forget-target", name: "target", required: true, size: 34, value: target || "" })),
      el("label", {}, t("forget.reason"), el("input", { id: "forget-reason", name: "reason", required: true, size: 40 })),
      el("button", { class: "danger", id: "forget-go", type: "submit", text: t("forget.go") }));
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const data = Object.fromEntries(new FormData(form).entries());
      try {
        const done = await api("/api/forget", data);
        put(result, el("p", { class: "ok", "data-target": done.target, text: t("forget.done") + ": " + done.description }));
      } catch (e) { put(result, errorBox(e.message)); }
    });
    async function loadPending() {
      try {
        const pending = await api("/api/review");
        put(pendingBox, pending.length ? table(
          ["col.fact", "col.attribute", "col.value", "col.valid", "col.provenance", "col.recorded", ""],
          pending.map((f) => [f.fact_id, f.subject + " · " + f.attribute, el("strong", { text: f.value }),
            f.valid_from || "?", (f.agent || "?") + " (" + f.origin + ")", short(f.recorded_at),
            el("span", {}, el("button", { "data-approve": f.fact_id, text: t("review.approve"), onclick: () => decide("approve", f.fact_id) }), " ",
              el("button", { class: "secondary", "data-reject": f.fact_id, text: t("review.reject"), onclick: () => decide("reject", f.fact_id) }))]),
          (i) => ({ "data-fact": pending[i].fact_id }))
          : el("p", { class: "muted", id: "pending-none", text: t("review.none") }));
      } catch (e) { put(pendingBox, errorBox(e.message)); }
    }
    async function decide(action, factId) {
      try {
        const fact = await api("/api/review", { action: action, fact_id: factId });
        await loadPending();
        pendingBox.prepend(el("p", { class: "ok", id: "review-done", "data-fact": fact.fact_id,
          text: t("review.done") + ": " + fact.subject + " " + fact.attribute + " = '" + fact.value + "' → " + fact.status }));
      } catch (e) { pendingBox.prepend(errorBox(e.message)); }
    }
    show(el("h1", { text: t("review.title") }),
      el("section", {}, el("h2", { text: t("review.pending") }), pendingBox),
      el("section", {}, el("h2", { text: t("forget.title") }), form, result));
    await loadPending();
  }

  // ---------------------------------------------------------------- audit
  async function auditPage(params) {
    const show = shower();  // a page left before it drew must not draw over the next one
    const out = el("div", { id: "audit-out" });
    const form = el("form", { id: "audit-form" });
    async function load() {
      const values = Object.fromEntries(new FormData(form).entries());
      try {
        const data = await api("/api/audit?" + query(values));
        const pick = (name, options, value) => el("select", { name: name, id: "audit-" + name },
          el("option", { value: "", text: t("audit.any") }),
          options.map((o) => el("option", { value: o, text: o || "–", selected: o === value })));
        put(form,
          el("label", {}, t("audit.since"), el("input", { name: "since", type: "date", value: values.since || "" })),
          el("label", {}, t("audit.until"), el("input", { name: "until", type: "date", value: values.until || "" })),
          el("label", {}, t("audit.agent"), pick("agent", data.agents.filter((a) => a), values.agent)),
          el("label", {}, t("audit.action"), pick("action", data.actions, values.action)),
          el("button", { type: "submit", text: t("audit.filter") }));
        put(out, el("p", { class: "muted", id: "audit-count", text: data.rows.length + " " + t("audit.count") + " " + data.total }),
          el("div", { id: "audit-table" }, table(["col.ts", "col.action", "col.client", "col.pid", "col.ids", "col.details"],
            data.rows.map((r) => {
              const rest = Object.fromEntries(Object.entries(r).filter(([k]) => !["ts", "action", "client", "pid", "ids", "actor", "session"].includes(k)));
              return [short(r.ts), r.action, r.client || "–", String(r.pid), (r.ids || []).join(", "), JSON.stringify(rest)];
            }), (i) => ({ "data-action": data.rows[i].action, "data-agent": data.rows[i].client || "" }))));
      } catch (e) { put(out, errorBox(e.message)); }
    }
    form.addEventListener("submit", (event) => { event.preventDefault(); load(); });
    for (const [k, v] of Object.entries(params)) form.append(el("input", { type: "hidden", name: k, value: v }));
    show(el("h1", { text: t("audit.title") }), form, out);
    await load();
  }

  // ---------------------------------------------------------------- live
  async function livePage() {
    const show = shower();  // a page left before it drew must not draw over the next one
    const out = el("div", { id: "live-out" }, el("p", { text: t("loading") }));
    show(el("h1", { text: t("live.title") }), out);
    async function tick() {
      try {
        const s = await api("/api/live");
        const ms = (v) => (v === null || v === undefined ? "–" : Number(v).toFixed(1) + " ms");
        put(out,
          el("p", { class: "muted" }, t("live.updated") + ": ", el("span", { id: "live-updated", text: short(s.generated_at) }), " · " + s.log_file),
          el("div", { id: "live-table" }, table(["live.kind", "live.minute", "p50", "p95", "live.total", "p50", "p95", "max", "live.errors"],
            Object.entries(s.kinds).map(([kind, k]) => [kind, k.last_minute.count + " " + t("live.rate"),
              ms(k.last_minute.p50_ms), ms(k.last_minute.p95_ms), String(k.total.count), ms(k.total.p50_ms),
              ms(k.total.p95_ms), ms(k.total.max_ms), String(k.total.errors)]),
            (i) => ({ "data-kind": Object.keys(s.kinds)[i], "data-count": Object.values(s.kinds)[i].total.count }))),
          el("h2", { text: t("overview.processes") }),
          table(["col.pid", "col.client", "col.last", "col.events", "col.errors"],
            s.processes.map((p) => [String(p.pid), p.client || "–", short(p.last_seen), String(p.events), String(p.errors)])),
          s.errors.recent.length ? el("section", {}, el("h2", { text: t("live.recent_errors") }),
            s.errors.recent.map((e) => el("pre", { text: JSON.stringify(e) }))) : null);
      } catch (e) { put(out, errorBox(e.message)); }
    }
    const mine = generation;
    await tick();
    if (mine === generation) liveTimer = setInterval(tick, 2000);
  }

  // ---------------------------------------------------------------- set up
  async function setupPage() {
    const show = shower();  // a page left before it drew must not draw over the next one
    const state = await api("/api/setup");
    const storeResult = el("div", { id: "store-result" });
    const storeForm = el("form", { id: "store-form" },
      el("label", {}, t("setup.folder"), el("input", { id: "store-folder", name: "folder", size: 50, required: true, value: state.home })),
      el("button", { type: "submit", text: t("setup.use") }));
    storeForm.addEventListener("submit", async (event) => {
      event.preventDefault();
      try {
        const done = await api("/api/setup/store", { folder: storeForm.folder.value });
        put(storeResult, el("p", { class: "ok", text: t("setup.current") + " " + done.store }));
        document.getElementById("current-store").textContent = done.store;
      } catch (e) { put(storeResult, errorBox(e.message)); }
    });
    const result = el("div", { id: "install-result" });
    const installForm = el("form", { id: "install-form" },
      el("label", {}, t("setup.agent"), el("select", { id: "install-agent", name: "agent" }, state.agents.map((a) => el("option", { value: a, text: a })))),
      el("label", {}, t("setup.scope"), el("select", { id: "install-scope", name: "scope" }, state.scopes.map((s) => el("option", { value: s, text: s })))),
      el("label", {}, t("setup.project"), el("input", { id: "install-project", name: "project", size: 40, value: state.cwd })),
      el("button", { id: "install-preview", type: "submit", text: t("setup.preview") }));
    function renderInstall(data) {
      const head = el("p", {}, t("setup.command") + ": ", el("code", { text: data.command }));
      if (!data.ok) {
        put(result, head, el("p", { class: "bad", text: t("setup.failed") + (data.exit_code !== undefined ? " (exit " + data.exit_code + ")" : "") }),
          el("pre", { class: "error-box", id: "install-error", text: data.error }));
        return;
      }
      const apply = data.applied ? el("p", { class: "ok", id: "install-applied", text: t("setup.applied") })
        : el("p", {}, el("span", { class: "muted", text: t("setup.dry") + " " }),
          el("button", { id: "install-apply", type: "button", text: t("setup.apply"), onclick: async () => {
            try { renderInstall(await api("/api/setup/install", { agent: data.agent, scope: data.scope, project: installForm.project.value })); }
            catch (e) { put(result, errorBox(e.message)); }
          } }));
      put(result, head, el("div", { id: "install-changes" }, table(["col.change", "col.file", "col.summary"],
        data.changes.map((c) => [status(c.action), el("code", { text: c.path }),
          el("div", {}, c.summary, c.detail ? el("pre", { text: c.detail }) : null)]),
        (i) => ({ "data-action": data.changes[i].action }))), apply);
    }
    installForm.addEventListener("submit", async (event) => {
      event.preventDefault();
      put(result, el("p", { text: t("loading") }));
      try { renderInstall(await api("/api/setup/preview?" + query(Object.fromEntries(new FormData(installForm).entries())))); }
      catch (e) { put(result, errorBox(e.message)); }
    });
    show(el("h1", { text: t("setup.title") }),
      el("section", {}, el("h2", { text: t("setup.store") }),
        el("p", {}, t("setup.current") + " ", el("code", { id: "current-store", text: state.store })), storeForm, storeResult),
      el("section", {}, el("h2", { text: t("setup.register") }), installForm, result));
  }

  // ---------------------------------------------------------------- routing
  const PAGES = { overview, explore, search: searchPage, timeline: timelinePage, review: reviewPage,
    audit: auditPage, live: livePage, setup: setupPage };

  async function route() {
    generation += 1;
    if (liveTimer) { clearInterval(liveTimer); liveTimer = null; }
    const hash = decodeURIComponent(location.hash.slice(1) || "overview");
    const [name, ...rest] = hash.split("/");
    const page = PAGES[name] ? name : "overview";
    for (const a of document.querySelectorAll("#nav a")) a.classList.toggle("active", a.dataset.page === page);
    document.body.dataset.page = page;
    show(el("p", { text: t("loading") }));
    try {
      if (page === "explore") await explore(rest.length >= 2 ? [rest[0], rest.slice(1).join("/")] : null);
      else if (page === "review") await reviewPage(rest.join("/"));
      else await PAGES[page]({});
    } catch (e) { show(el("h1", { text: t("error") }), errorBox(e.message)); }
  }

  function translateStatic() {
    document.documentElement.lang = lang;
    for (const node of document.querySelectorAll("[data-i18n]")) node.textContent = t(node.dataset.i18n);
    document.getElementById("lang").value = lang;
  }
  document.getElementById("lang").addEventListener("change", (event) => {
    lang = event.target.value;
    localStorage.setItem("ihmt.lang", lang);
    translateStatic();
    route();
  });
  window.addEventListener("hashchange", route);
  translateStatic();
  route();
})();
