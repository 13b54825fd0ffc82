package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"

	"dmelab/grader/serve"
)

func init() {
	register("backup", command{
		summary: "copy dmelab serve's database, consistently, while it serves",
		usage:   backupUsage,
		flags:   flagsOf(backupFlags),
		run:     cmdBackup,
	})
}

func backupFlags() (*flag.FlagSet, *string) {
	fs := flag.NewFlagSet("backup", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	data := fs.String("data", "dmelab-data", "`DIR` the server's data directory")
	return fs, data
}

const backupUsage = `usage: dmelab backup [--data DIR] FILE

Writes a consistent copy of the submissions and results in DIR's
database to FILE (which must not exist), while dmelab serve runs on DIR
or not: SQLite's VACUUM INTO on a read-only connection of its own. The
copy holds every submission accepted before the backup began.

To restore, put the copy as dmelab.db in an empty data directory and
start dmelab serve --data on it.
`

func cmdBackup(args []string, stdout, stderr io.Writer) int {
	fs, data := backupFlags()
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return help("backup", stdout)
		}
		fmt.Fprintf(stderr, "dmelab backup: %s\n", oneLine(err))
		return exitUsage
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(stderr, "dmelab backup: name one file to write the copy to (dmelab backup [--data DIR] FILE)")
		return exitUsage
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	t, err := serve.Backup(ctx, *data, fs.Arg(0))
	if err != nil {
		fmt.Fprintf(stderr, "dmelab backup: %s\n", oneLine(err))
		return exitUsage
	}
	fmt.Fprintf(stdout, "dmelab backup: %s: %d submissions (up to seq %d), %d results\n", fs.Arg(0), t.Submissions, t.Seq, t.Results)
	return exitOK
}
