package unwrap_test

import (
	"fmt"

	"github.com/urix/urix/unwrap"
)

func ExampleURL() {
	target, wrappers, note := unwrap.URL("https://eur01.safelinks.protection.outlook.com/?url=https%3A%2F%2Furldefense.com%2Fv3%2F__https%3A%2F%2Fexample.com%2Fnews*latest__%3BIw!!o!i%24&data=05%7C01&reserved=0")
	fmt.Println(target)
	for _, w := range wrappers {
		fmt.Println(" removed", w)
	}
	fmt.Println(note)
	// Output:
	// https://example.com/news#latest
	//  removed https://eur01.safelinks.protection.outlook.com/?url=https%3A%2F%2Furldefense.com%2Fv3%2F__https%3A%2F%2Fexample.com%2Fnews*latest__%3BIw!!o!i%24&data=05%7C01&reserved=0
	//  removed https://urldefense.com/v3/__https://example.com/news*latest__;Iw!!o!i$
	// <nil>
}

func ExampleClean() {
	fmt.Println(unwrap.Clean("https://example.com/post?id=7&utm_source=newsletter&utm_medium=email&fbclid=IwAR0"))
	// Output:
	// https://example.com/post?id=7
}
