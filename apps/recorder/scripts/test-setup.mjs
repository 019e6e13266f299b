#!/usr/bin/env node
// Before the recorder's tests: the connection guard that plain users' cameras are read under (build-native.mjs).
import './build-native.mjs';
