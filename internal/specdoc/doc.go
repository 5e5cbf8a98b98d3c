// Package specdoc holds no code, only a test: that every "SPEC §N" and
// every rule name (E1–E12, E1a, H1–H6, M1–M6, B1–B3, R1–R6) cited in the
// repository's Go files is a heading of doc/spec.md, the project's rules
// document, and that every test and script that document names exists.
// Run it with:
//
//	go test ./internal/specdoc
package specdoc
