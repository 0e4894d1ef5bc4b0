// Deep-merges translations into messages/<locale>.json, in one quick read-modify-write per file:
//   node scripts/messages-merge.mjs additions.json
// where additions.json is { "en": { "namespace": { "key": "text" } }, "fr": { ... }, ... }.
import { readFileSync, writeFileSync } from "node:fs";

function merge(target, source) {
  for (const [key, value] of Object.entries(source)) {
    if (value && typeof value === "object" && !Array.isArray(value))
      target[key] = merge(target[key] && typeof target[key] === "object" ? target[key] : {}, value);
    else target[key] = value;
  }
  return target;
}

const additions = JSON.parse(readFileSync(process.argv[2], "utf8"));
for (const [locale, messages] of Object.entries(additions)) {
  const file = new URL(`../messages/${locale}.json`, import.meta.url);
  const current = JSON.parse(readFileSync(file, "utf8"));
  writeFileSync(file, `${JSON.stringify(merge(current, messages), null, 2)}\n`);
  console.log(`messages/${locale}.json updated`);
}
