"use strict";
// The Sonnenuhr: a dial whose lit part shrinks as the discussion time runs out.
(function () {
  const NS = "http://www.w3.org/2000/svg";
  const RADIUS = 42, CIRCUMFERENCE = 2 * Math.PI * RADIUS;

  function svg(tag, attrs) {
    const node = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
    return node;
  }

  // deadline: epoch seconds; total: the whole discussion in seconds
  function dial(deadline, total, label) {
    const box = svg("svg", { viewBox: "0 0 100 100", class: "sundial", role: "img", "aria-label": label });
    box.append(svg("circle", { cx: 50, cy: 50, r: RADIUS, class: "sundial-face" }));
    const arc = svg("circle", { cx: 50, cy: 50, r: RADIUS, class: "sundial-arc", transform: "rotate(-90 50 50)",
      "stroke-dasharray": CIRCUMFERENCE.toFixed(2) });
    box.append(arc);
    const text = svg("text", { x: 50, y: 56, "text-anchor": "middle", class: "sundial-text" });
    box.append(text);
    box.dataset.until = deadline; box.dataset.total = total;
    update(box);
    return box;
  }

  function update(box) {
    const left = Math.max(0, Number(box.dataset.until) - Date.now() / 1000);
    const share = Math.min(1, left / Math.max(1, Number(box.dataset.total)));
    box.querySelector(".sundial-arc").setAttribute("stroke-dashoffset", (CIRCUMFERENCE * (1 - share)).toFixed(2));
    const seconds = Math.round(left);
    box.querySelector(".sundial-text").textContent = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
  }

  window.Sundial = { dial, update };
})();
