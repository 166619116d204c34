#!/usr/bin/env node
// Summarises a Go CPU profile (gzipped pprof protobuf), such as nats-server's: start a server of
// the run's own with `--profile <port>` and take one during the burst with
//   curl -o nats.pprof 'localhost:<port>/debug/pprof/profile?seconds=40'
// Prints the profile's CPU seconds, self time by function, and cumulative time by function (only
// those whose name contains --match, e.g. --match=server. for nats-server's own code). No Go
// toolchain needed: the runtime names its functions in the profile even in a stripped binary.
//
//   node bench/tools/go-pprof-summary.mjs <file.pprof> [--match=<text>] [--top=<n>]
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import protobuf from 'protobufjs';
import { toolArgs } from './lib/tool-args.mjs';

const { file, options: args } = toolArgs('go-pprof-summary.mjs <file.pprof> [--match=text] [--top=n]');
const top = Number(args.top ?? 30);

// The fields of profile.proto (github.com/google/pprof) this summary reads.
const Profile = protobuf
  .parse(
    `syntax = "proto3";
message Profile { repeated Sample sample = 2; repeated Location location = 4; repeated Function function = 5; repeated string string_table = 6; }
message Sample { repeated uint64 location_id = 1; repeated int64 value = 2; }
message Location { uint64 id = 1; repeated Line line = 4; }
message Line { uint64 function_id = 1; }
message Function { uint64 id = 1; int64 name = 2; }`,
  )
  .root.lookupType('Profile');
const p = Profile.toObject(Profile.decode(gunzipSync(readFileSync(file))), { longs: Number, arrays: true });
const functionName = new Map(p.function.map((f) => [f.id, p.stringTable[f.name]]));
// A location's lines are its inlined frames, innermost first.
const framesAt = new Map(
  p.location.map((l) => [l.id, (l.line ?? []).map((x) => functionName.get(x.functionId))]),
);

const self = new Map();
const cumulative = new Map();
let total = 0;
for (const s of p.sample) {
  const nanos = s.value[1] ?? s.value[0]; // samples/count, cpu/nanoseconds
  total += nanos;
  const frames = s.locationId.flatMap((id) => framesAt.get(id) ?? []);
  if (frames[0]) self.set(frames[0], (self.get(frames[0]) ?? 0) + nanos);
  for (const f of new Set(frames)) cumulative.set(f, (cumulative.get(f) ?? 0) + nanos);
}
const list = (m) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, v]) => `${((100 * v) / total).toFixed(1).padStart(5)}%  ${name}`)
    .join('\n');
console.log(`${(total / 1e9).toFixed(2)} CPU s in the profile`);
console.log('--- self');
console.log(list(self));
console.log(`--- cumulative${args.match ? ` (${args.match})` : ''}`);
console.log(list(new Map([...cumulative].filter(([name]) => !args.match || name.includes(args.match)))));
