package main

import "github.com/urfave/cli/v2"

// subcommands is replaced once cmd_resolve.go lands.
func subcommands() []*cli.Command { return nil }
