// What a device remembers between visits (localStorage). A browser without storage (private mode, full)
// simply forgets: nothing here throws.

export function loadJSON(key, fallback = null) {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? fallback : JSON.parse(raw);
  } catch {
    return fallback;
  }
}

// Stores a value as JSON; null or undefined forgets the key.
export function saveJSON(key, value) {
  saveText(key, value === null || value === undefined ? null : JSON.stringify(value));
}

export function loadText(key) {
  try { return localStorage.getItem(key); } catch { return null; }
}

// Stores a string as it is; null or undefined forgets the key.
export function saveText(key, value) {
  try {
    if (value === null || value === undefined) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch { /* no storage: the device forgets */ }
}
