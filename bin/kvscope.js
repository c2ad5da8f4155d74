#!/usr/bin/env -S node --no-memory-reducer
require('../dist/main/cli/index.js');
