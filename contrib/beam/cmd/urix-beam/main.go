// Command urix-beam runs urix's link extraction over WARC files as an
// Apache Beam pipeline, on any Beam runner: prism (in process, the
// default), or a cluster's Flink, Spark or Dataflow with the usual Beam
// flags. Examples:
//
//	urix-beam --input '/data/crawl/*.warc.gz' --output /tmp/links.jsonl
//	urix-beam --runner flink --endpoint localhost:8099 --environment_type DOCKER \
//	    --input 'hdfs-or-shared/*.warc.gz' --output /shared/links.tsv --format tsv
//	urix-beam --runner dataflow --project P --region europe-west1 \
//	    --staging_location gs://B/staging --input 'gs://B/crawl/*.warc.gz' --output gs://B/links.jsonl
package main

import (
	"context"
	"flag"
	"fmt"
	"os"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/textio"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/x/beamx"

	"github.com/urix/urix/contrib/beam/urixbeam"
	"github.com/urix/urix/printer"
)

var (
	input     = flag.String("input", "", "WARC file `pattern` of any Beam file system (e.g. '/data/crawl/*.warc.gz' or 'gs://bucket/crawl/*.warc.gz')")
	output    = flag.String("output", "", "output `file`, one line per hit (e.g. /tmp/links.jsonl or gs://bucket/links.tsv)")
	format    = flag.String("format", "json", "output lines: json (as urix --format json), tsv (page<TAB>uri<TAB>kind edges, as urix --format tsv) or plain (one URI per line)")
	allStatus = flag.Bool("all-status", false, "read the HTTP responses of every status, not only 2xx (as urix --all-status)")
)

func main() {
	flag.Parse()
	beam.Init()
	if *input == "" || *output == "" {
		fmt.Fprintln(os.Stderr, "urix-beam: --input and --output are required, e.g. urix-beam --input '/data/*.warc.gz' --output links.jsonl")
		os.Exit(2)
	}
	if _, err := printer.ParseFormat(*format); err != nil {
		fmt.Fprintf(os.Stderr, "urix-beam: --%v\n", err)
		os.Exit(2)
	}
	p, s := beam.NewPipelineWithRoot()
	lines := urixbeam.Extract(s, *input, urixbeam.Config{Format: *format, AllStatus: *allStatus})
	textio.Write(s, *output, lines)
	if err := beamx.Run(context.Background(), p); err != nil {
		fmt.Fprintln(os.Stderr, "urix-beam:", err)
		os.Exit(1)
	}
}
