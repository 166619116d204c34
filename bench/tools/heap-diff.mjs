#!/usr/bin/env node
// Usage: node bench/tools/heap-diff.mjs before.heapsnapshot after.heapsnapshot [divisor] [rows]
// What the heap gained between two V8 heap snapshots, by node type and constructor name: count
// and self size, both divided by `divisor` (e.g. the sockets connected in between), largest first.
import { readFileSync } from 'node:fs';

function tally(path) {
  const snap = JSON.parse(readFileSync(path, 'utf8'));
  const { node_fields: fields, node_types: types } = snap.snapshot.meta;
  const width = fields.length;
  const at = (name) => fields.indexOf(name);
  const [iType, iName, iSize] = [at('type'), at('name'), at('self_size')];
  const typeNames = types[iType];
  const byKey = new Map();
  for (let i = 0; i < snap.nodes.length; i += width) {
    const type = typeNames[snap.nodes[i + iType]];
    let name = snap.strings[snap.nodes[i + iName]];
    // Strings and code are named by their content: group them by type alone.
    if (['string', 'concatenated string', 'sliced string', 'code', 'number'].includes(type)) name = '';
    if (name.length > 60) name = `${name.slice(0, 57)}...`;
    const key = `${type}\t${name}`;
    const entry = byKey.get(key) ?? { count: 0, size: 0 };
    entry.count += 1;
    entry.size += snap.nodes[i + iSize];
    byKey.set(key, entry);
  }
  return byKey;
}

const [beforePath, afterPath, divisorArg = '1', rowsArg = '40'] = process.argv.slice(2);
if (!beforePath || !afterPath) {
  console.error('usage: heap-diff.mjs before.heapsnapshot after.heapsnapshot [divisor] [rows]');
  process.exit(2);
}
const divisor = Number(divisorArg);
const before = tally(beforePath);
const after = tally(afterPath);
const rows = [];
for (const [key, a] of after) {
  const b = before.get(key) ?? { count: 0, size: 0 };
  rows.push({ key, count: (a.count - b.count) / divisor, bytes: (a.size - b.size) / divisor });
}
rows.sort((x, y) => y.bytes - x.bytes);
const total = rows.reduce((t, r) => t + r.bytes, 0);
console.log(`total self size gained per unit: ${total.toFixed(0)} bytes`);
console.log('bytes\tcount\ttype\tconstructor');
for (const r of rows.slice(0, Number(rowsArg)))
  console.log(`${r.bytes.toFixed(0)}\t${r.count.toFixed(2)}\t${r.key}`);
