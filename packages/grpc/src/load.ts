import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { ServiceConstructor, ServiceName } from './services';

/** The repository's proto/ folder; PROTO_ROOT overrides it in images where the layout differs. */
export function protoRoot(): string {
  if (process.env.PROTO_ROOT) return process.env.PROTO_ROOT;
  let dir = __dirname;
  for (let i = 0; i < 8; i++) {
    const candidate = join(dir, 'proto');
    if (existsSync(join(candidate, 'grpc/health/v1/health.proto'))) return candidate;
    dir = dirname(dir);
  }
  return resolve(process.cwd(), 'proto');
}

const loaded = new Map<string, grpc.GrpcObject>();

/**
 * Loads `relativePath` (e.g. 'identity/v1/identity.proto') and returns the service definition
 * named `qualifiedName` (e.g. 'parley.identity.v1.Identity'), typed by the types generated from
 * proto/ (scripts/gen-proto-types.mjs).
 */
export function loadService<N extends ServiceName>(
  relativePath: string,
  qualifiedName: N,
): ServiceConstructor<N> {
  let pkg = loaded.get(relativePath);
  if (!pkg) {
    const definition = protoLoader.loadSync(relativePath, {
      includeDirs: [protoRoot()],
      keepCase: false,
      longs: Number,
      enums: String,
      defaults: true,
      oneofs: true,
    });
    pkg = grpc.loadPackageDefinition(definition);
    loaded.set(relativePath, pkg);
  }
  let node: unknown = pkg;
  for (const part of qualifiedName.split('.')) node = (node as Record<string, unknown>)[part];
  if (typeof node !== 'function') throw new Error(`service ${qualifiedName} not found in ${relativePath}`);
  return node as unknown as ServiceConstructor<N>;
}
