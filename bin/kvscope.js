#!/usr/bin/env node
require('../dist/main/cli/index.js');
