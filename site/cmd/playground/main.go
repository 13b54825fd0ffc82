// Command playground serves the playground page and the core compiled to
// WebAssembly (embedded by package site) on one address, printing the URL.
// `make run` builds the wasm first and starts it on localhost:8080; the
// browser tests start it on a free port (-addr 127.0.0.1:0).
package main

import (
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"os"
	"time"

	"dmelab/site"
)

func main() {
	addr := flag.String("addr", "localhost:8080", "address to listen on (port 0: any free port)")
	flag.Parse()
	h, err := site.Handler(site.Assets())
	if err != nil {
		log.Fatal(err)
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintf(os.Stderr, "playground: %v\n", err)
		os.Exit(1)
	}
	host, port, _ := net.SplitHostPort(ln.Addr().String())
	if h, _, _ := net.SplitHostPort(*addr); h == "localhost" || h == "" {
		host = "localhost"
	}
	fmt.Printf("dmelab playground: http://%s/\n", net.JoinHostPort(host, port))
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	log.Fatal(srv.Serve(ln))
}
