// The toast (lib/toast.js) never covers a main button of the table: it stands at the bottom as
// everywhere, at the top when a button is there, or in the widest free band between the buttons on
// screen; it moves again when the page scrolls or the screen changes while it is up.
const MAIN = ".t-big, .decision .submit";

function overlaps(a, b) {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

export function placeToast() {
  const box = document.getElementById("toast");
  if (!box || box.hidden) return;
  box.style.top = "";
  delete box.dataset.edge;
  const buttons = [...document.querySelectorAll(MAIN)].map((b) => b.getBoundingClientRect())
    .filter((r) => r.width > 0 && r.bottom > 0 && r.top < innerHeight);
  const free = () => !buttons.some((b) => overlaps(b, box.getBoundingClientRect()));
  if (free()) return;
  box.dataset.edge = "top";
  if (free()) return;
  // between the buttons: the widest band of the screen that none of them covers
  const height = box.getBoundingClientRect().height;
  let best = { start: 0, size: 0 }, from = 0;
  for (const b of [...buttons].sort((x, y) => x.top - y.top)) {
    if (b.top - from > best.size) best = { start: from, size: b.top - from };
    from = Math.max(from, b.bottom);
  }
  if (innerHeight - from > best.size) best = { start: from, size: innerHeight - from };
  box.style.top = `${Math.round(best.start + Math.max(0, best.size - height) / 2)}px`;
}

const watch = new MutationObserver(placeToast);
watch.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ["hidden"] });
addEventListener("scroll", placeToast, { passive: true });
addEventListener("resize", placeToast);
