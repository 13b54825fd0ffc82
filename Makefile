# dmelab — see README.md. `make run` starts everything, `make test` tests it.
GO ?= go
BIN := bin/dmelab

.PHONY: all build run test fuzz bench verdicts clean

all: build

build:
	$(GO) build -o $(BIN) ./grader/cmd/dmelab

# Until the playground and grader server land, `run` shows what the core
# can do: the algorithms and one model-checking verdict.
run: build
	$(BIN) list
	$(BIN) check --algo ra-benari --nodes 2 --requests 1

test:
	$(GO) vet ./...
	$(GO) test ./...
	GOOS=js GOARCH=wasm $(GO) build ./algorithms/...
	GOOS=wasip1 GOARCH=wasm $(GO) build ./algorithms/...

# Short fuzzing runs of every fuzz target (longer: FUZZTIME=5m make fuzz).
FUZZTIME ?= 20s
fuzz:
	$(GO) test ./grader/cmd/dmelab -run '^$$' -fuzz FuzzCLI -fuzztime $(FUZZTIME)
	$(GO) test ./algorithms/votingsets -run '^$$' -fuzz FuzzParse -fuzztime $(FUZZTIME)
	$(GO) test ./algorithms/sim -run '^$$' -fuzz FuzzDecode -fuzztime $(FUZZTIME)

# Exhaustive-search throughput: states/s, bytes per stored state, peak memory.
bench:
	$(GO) test ./algorithms/explore -run '^$$' -bench . -benchtime 1x -timeout 30m

# The verdict table of README.md, regenerated.
verdicts: build
	$(GO) run ./grader/cmd/verdicts -bin $(BIN) -readme README.md

clean:
	rm -rf bin
