/**
 * The WebAssembly module of bit-sets.ts, assembled from bit-sets.wat (its source, in this folder) by WABT's wat2wasm
 * (wabt 1.0.39, no features beyond the MVP). test/execute/bit-sets.test.ts checks it against the JavaScript marking
 * and read-out. Regenerate it when the .wat changes.
 */
export const BIT_SETS_WASM =
  'AGFzbQEAAAABEAJgA39/fwBgBX9/f39/AX8DAwIAAQUDAQABBxwDBm1lbW9yeQIABG1hcmsAAAhyZWFkQml0cwABCscBAkgBA38gASAC' +
  'QQJ0aiEDAkADQCABIANPDQEgASgCACEEIAAgBEEFdkECdGohBSAFIAUoAgBBASAEdHI2AgAgAUEEaiEBDAALCwt8AQV/IAQhCAJAA0Ag' +
  'BSADTw0BIAVBAnQhCSAAIAlqKAIAIAEgCWooAgBxIAIgCWooAgBBf3NxIQYgBUEFdCEHAkADQCAGRQ0BIAggByAGaGo2AgAgCEEEaiEI' +
  'IAYgBkEBa3EhBgwACwsgBUEBaiEFDAALCyAIIARrQQJ2Cw==';
