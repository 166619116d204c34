// grpc-js asks the DNS server named in a `dns://<server>/<name>` target only with this set, and
// reads it once, when it loads: import this before anything that loads grpc-js. Production
// targets carry no authority and go through the system resolver (getaddrinfo), which hands the
// client the same list of addresses, one per ready pod of a headless Service.
process.env.GRPC_NODE_USE_ALTERNATIVE_RESOLVER = 'true';
