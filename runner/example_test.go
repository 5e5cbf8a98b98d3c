package runner_test

import (
	"context"
	"errors"
	"fmt"

	"github.com/urix/urix/extract"
	"github.com/urix/urix/runner"
)

// Run reads many inputs, several at once, and passes their hits on in
// input order; returning an error from the callback stops the run.
func ExampleRun() {
	x, err := extract.New(extract.Options{})
	if err != nil {
		panic(err)
	}
	inputs := []string{"testdata/notes.txt", "testdata/page.html"}
	err = runner.Run(context.Background(), x, inputs, runner.Options{Jobs: 2},
		func(h *extract.Hit) error {
			fmt.Println(h.File, h.URI)
			return nil
		},
		func(err error) { fmt.Println("problem:", err) })
	fmt.Println(err)

	errFound := errors.New("found one")
	err = runner.Run(context.Background(), x, inputs, runner.Options{Jobs: 2},
		func(h *extract.Hit) error {
			fmt.Println(h.File, h.URI)
			return errFound // stop at the first URI
		},
		func(err error) { fmt.Println("problem:", err) })
	fmt.Println(err)
	// Output:
	// testdata/notes.txt https://a.example/plan
	// testdata/notes.txt https://a.example/minutes
	// testdata/page.html https://b.example/
	// <nil>
	// testdata/notes.txt https://a.example/plan
	// found one
}
