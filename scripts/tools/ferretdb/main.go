// Command ferretdb runs FerretDB 1.24 (MongoDB wire protocol, SQLite backend) through its
// embeddable package. The upstream cmd/ferretdb refuses to start when built from the module
// proxy (its version file is only written by upstream's release tooling); the embedded form
// has no such check and always runs with telemetry disabled.
package main

import (
	"context"
	"flag"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"github.com/FerretDB/FerretDB/ferretdb"
)

func main() {
	listenAddr := flag.String("listen-addr", "127.0.0.1:27017", "TCP address to listen on")
	sqliteURL := flag.String("sqlite-url", "file:.data/ferretdb/", "SQLite backend directory URL (must end with /)")
	logLevel := flag.String("log-level", "warn", "debug, info, warn or error")
	flag.Parse()

	var level slog.Level
	if err := level.UnmarshalText([]byte(*logLevel)); err != nil {
		slog.Error("invalid --log-level", "error", err)
		os.Exit(2)
	}
	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: level}))

	f, err := ferretdb.New(&ferretdb.Config{
		Listener:  ferretdb.ListenerConfig{TCP: *listenAddr},
		Handler:   "sqlite",
		SQLiteURL: *sqliteURL,
		Logger:    logger,
	})
	if err != nil {
		logger.Error("cannot start FerretDB", "error", err)
		os.Exit(1)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	logger.Info("FerretDB listening", "addr", *listenAddr, "sqlite", *sqliteURL)
	if err := f.Run(ctx); err != nil {
		logger.Error("FerretDB stopped", "error", err)
		os.Exit(1)
	}
}
