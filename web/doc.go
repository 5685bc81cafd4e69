// Package web holds tpk's static site (site/, built by build.sh): the
// command line compiled to WebAssembly, run in a page by one Web Worker per
// core. The package has no Go code of its own; its test builds the site and
// plays it in headless Chromium against the command line.
package web
