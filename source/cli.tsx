#!/usr/bin/env node
// Placeholder entry; replaced by the CLI work (issue 2).
console.log('netplace');
