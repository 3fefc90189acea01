// `npm start`: build if the sources changed since the last build, then serve it in this process.
import { pathToFileURL } from "node:url";
import { SERVER_ENTRY } from "./build-fingerprint.ts";
import { ensureBuild } from "./ensure-build.ts";

ensureBuild();
// Set before the server bundle loads React, so its production build is used.
process.env.NODE_ENV ??= "production";
await import(pathToFileURL(SERVER_ENTRY).href);
