package main

import (
	"errors"
	"flag"
	"fmt"
	"io"

	"dmelab/algorithms/registry"
	"dmelab/internal/verdicts"
)

// dmelab verdicts makes the verdict table of docs/verdicts.md (package
// verdicts says how), checks a file's copy of it, or rewrites it.
func init() {
	register("verdicts", command{
		summary: "print the verdict table (docs/verdicts.md), or check or rewrite a file's copy of it",
		usage:   "usage: dmelab verdicts [--algo NAME] [--check FILE | --write FILE]\n",
		flags:   flagsOf(verdictsFlags),
		run:     cmdVerdicts,
	})
}

type verdictsOpts struct{ write, check, only string }

func verdictsFlags() (*flag.FlagSet, *verdictsOpts) {
	o := &verdictsOpts{}
	fs := flag.NewFlagSet("verdicts", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(&o.write, "write", "", "`FILE` rewrite the table between this file's verdicts markers (make verdicts: docs/verdicts.md)")
	fs.StringVar(&o.check, "check", "", "`FILE` compare this file's table with the computed one; exit 1 if they differ")
	fs.StringVar(&o.only, "algo", "", "`NAME` only this algorithm's rows (with --write: recompute them and keep the file's other rows; with --check: compare the file's rows of it)")
	return fs, o
}

func cmdVerdicts(args []string, stdout, stderr io.Writer) int {
	fs, o := verdictsFlags()
	write, check, only := &o.write, &o.check, &o.only
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return help("verdicts", stdout)
		}
		fmt.Fprintf(stderr, "dmelab verdicts: %s\n", oneLine(err))
		return exitUsage
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "dmelab verdicts: unexpected argument %q\n", fs.Arg(0))
		return exitUsage
	}
	if *write != "" && *check != "" {
		fmt.Fprintln(stderr, "dmelab verdicts: give --check or --write, not both")
		return exitUsage
	}
	if *only != "" && registry.Lookup(*only) == nil {
		fmt.Fprintf(stderr, "dmelab verdicts: unknown algorithm %q (see dmelab list)\n", *only)
		return exitUsage
	}
	var rows []verdicts.Row
	for _, r := range verdicts.Rows() {
		if *only == "" || r.Algo == *only {
			rows = append(rows, r)
		}
	}
	table := verdicts.Table(rows, stderr)
	switch {
	case *check != "":
		old, err := verdicts.FileTable(*check)
		if err != nil {
			fmt.Fprintf(stderr, "dmelab verdicts: %v\n", err)
			return exitUsage
		}
		if *only != "" {
			old = verdicts.Only(old, *only)
		}
		if diff := verdicts.Diff(old, table); diff != "" {
			fmt.Fprintf(stdout, "%s's verdict table differs from what dmelab check says (run make verdicts):\n%s", *check, diff)
			return exitViolation
		}
		if *only != "" {
			fmt.Fprintf(stdout, "%s's %s rows are what dmelab check says (%d rows).\n", *check, *only, len(rows))
		} else {
			fmt.Fprintf(stdout, "%s's verdict table is what dmelab check says (%d rows).\n", *check, len(rows))
		}
	case *write != "":
		if *only != "" {
			old, err := verdicts.FileTable(*write)
			if err == nil {
				table, err = verdicts.SpliceRows(old, table)
			}
			if err != nil {
				fmt.Fprintf(stderr, "dmelab verdicts: %v\n", err)
				return exitUsage
			}
		}
		if err := verdicts.ReplaceTable(*write, table); err != nil {
			fmt.Fprintf(stderr, "dmelab verdicts: %v\n", err)
			return exitUsage
		}
	default:
		fmt.Fprint(stdout, table)
	}
	return exitOK
}
