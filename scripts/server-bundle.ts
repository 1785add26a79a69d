/**
 * Where the build puts the server's own bundle (scripts/build-server.ts), relative to the shop's folder:
 * what `npm start`, the container (Dockerfile CMD), the bench and the tests' shop processes run.
 */
export const SERVER_BUNDLE = 'build/server/start.js'
