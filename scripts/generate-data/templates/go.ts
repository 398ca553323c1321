/**
 * Code templates: Go sources and the go.mod module file.
 * Each export takes the naming variables of a repository and returns the file text (see ../code-templates.ts).
 */

import type { Names } from '../code-templates.js';

export const goMain = (n: Names): string => `// Command ${n.cmd} is the entry point of ${n.product}.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"

	"github.com/${n.owner}/${n.repo}/internal/config"
)

var version = "${n.version}"

func main() {
	configPath := flag.String("config", "${n.file}", "path to the configuration file")
	dryRun := flag.Bool("dry-run", false, "print what would change and exit")
	showVersion := flag.Bool("version", false, "print the version and exit")
	flag.Parse()

	if *showVersion {
		fmt.Println("${n.cmd}", version)
		return
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()

	cfg, err := config.ReadConfigFile(*configPath)
	if err != nil {
		fmt.Fprintf(os.Stderr, "${n.cmd}: %v\\n", err)
		os.Exit(2)
	}
	if err := run(ctx, cfg, *dryRun); err != nil {
		fmt.Fprintf(os.Stderr, "${n.cmd}: %v\\n", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, cfg *config.Config, dryRun bool) error {
	for _, step := range cfg.Steps {
		if err := ctx.Err(); err != nil {
			return err
		}
		if dryRun {
			fmt.Printf("would run %s\\n", step.Name)
			continue
		}
		if err := step.Run(ctx); err != nil {
			return fmt.Errorf("step %q: %w", step.Name, err)
		}
	}
	return nil
}
`;

export const goConfig = (n: Names): string => `// Package config loads and validates ${n.product} configuration files.
package config

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"time"
)

// Config is the parsed form of ${n.file}.
type Config struct {
	Name        string
	Parallelism int
	Timeout     time.Duration
	Steps       []Step
}

// ErrEmptyManifest is returned when the file has no content at all.
var ErrEmptyManifest = errors.New("manifest is empty")

// ReadConfigFile reads and parses the configuration file at path.
func ReadConfigFile(path string) (*Config, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	return ParseManifest(string(raw))
}

// ParseManifest parses a manifest given as text. Unknown keys are an error so
// that typos such as "paralelism" do not pass silently.
func ParseManifest(text string) (*Config, error) {
	if strings.TrimSpace(text) == "" {
		return nil, ErrEmptyManifest
	}
	cfg := &Config{Parallelism: 4, Timeout: 30 * time.Second}
	for lineNo, line := range strings.Split(text, "\\n") {
		key, value, ok := strings.Cut(strings.TrimSpace(line), ":")
		if !ok || strings.HasPrefix(key, "#") {
			continue
		}
		if err := cfg.set(strings.TrimSpace(key), strings.TrimSpace(value)); err != nil {
			return nil, fmt.Errorf("line %d: %w", lineNo+1, err)
		}
	}
	return cfg, nil
}

func (c *Config) set(key, value string) error {
	switch key {
	case "name":
		c.Name = value
	case "parallelism":
		_, err := fmt.Sscanf(value, "%d", &c.Parallelism)
		return err
	case "timeout":
		d, err := time.ParseDuration(value)
		if err != nil {
			return err
		}
		c.Timeout = d
	default:
		return fmt.Errorf("unknown field %q", key)
	}
	return nil
}
`;

export const goConfigTest = (n: Names): string => `package config

import (
	"errors"
	"testing"
	"time"
)

func TestParseManifestDefaults(t *testing.T) {
	cfg, err := ParseManifest("name: ${n.cmd}-demo\\n")
	if err != nil {
		t.Fatalf("unexpected error: %v", err)
	}
	if cfg.Parallelism != 4 {
		t.Errorf("parallelism = %d, want 4", cfg.Parallelism)
	}
	if cfg.Timeout != 30*time.Second {
		t.Errorf("timeout = %v, want 30s", cfg.Timeout)
	}
}

func TestParseManifestRejectsUnknownField(t *testing.T) {
	if _, err := ParseManifest("paralelism: 8\\n"); err == nil {
		t.Fatal("expected an error for a misspelled field")
	}
}

func TestParseManifestEmpty(t *testing.T) {
	_, err := ParseManifest("   \\n")
	if !errors.Is(err, ErrEmptyManifest) {
		t.Fatalf("err = %v, want ErrEmptyManifest", err)
	}
}
`;

export const goRetry = (n: Names): string => `// Package retry runs an operation again after transient failures.
package retry

import (
	"context"
	"math/rand"
	"time"
)

// Policy says how often and how long to retry.
type Policy struct {
	Attempts int
	Base     time.Duration
	Max      time.Duration
}

// DefaultPolicy is what ${n.product} uses unless configured otherwise.
var DefaultPolicy = Policy{Attempts: 5, Base: 200 * time.Millisecond, Max: 10 * time.Second}

// Permanent wraps an error that must not be retried.
type Permanent struct{ Err error }

func (p Permanent) Error() string { return p.Err.Error() }

// WithBackoff calls op until it succeeds, returns a Permanent error, or the
// attempts are used up. Waits grow exponentially with full jitter.
func WithBackoff(ctx context.Context, policy Policy, op func(context.Context) error) error {
	var err error
	for attempt := 0; attempt < policy.Attempts; attempt++ {
		if err = op(ctx); err == nil {
			return nil
		}
		if _, ok := err.(Permanent); ok {
			return err
		}
		wait := policy.Base << attempt
		if wait > policy.Max {
			wait = policy.Max
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Duration(rand.Int63n(int64(wait) + 1))):
		}
	}
	return err
}
`;

export const goMod = (n: Names): string => `module github.com/${n.owner}/${n.repo}

go 1.23

require (
	github.com/${n.owner}/yamlwise v0.9.2
	github.com/${n.owner}/termcolor-lite v1.4.0
)
`;

export const kumoMain = (_n: Names): string => `// kumo は雲のように軽い HTTP 負荷テストツールです。
// kumo is a small HTTP load tester.
package main

import (
	"flag"
	"fmt"
	"net/http"
	"sort"
	"sync"
	"time"
)

func main() {
	url := flag.String("url", "http://localhost:8080/", "target URL")
	requests := flag.Int("n", 200, "number of requests")
	workers := flag.Int("c", 10, "concurrent workers")
	flag.Parse()

	latencies := make([]time.Duration, 0, *requests)
	var mu sync.Mutex
	jobs := make(chan struct{})
	var wg sync.WaitGroup
	for i := 0; i < *workers; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range jobs {
				start := time.Now()
				resp, err := http.Get(*url)
				if err == nil {
					resp.Body.Close()
				}
				mu.Lock()
				latencies = append(latencies, time.Since(start))
				mu.Unlock()
			}
		}()
	}
	for i := 0; i < *requests; i++ {
		jobs <- struct{}{}
	}
	close(jobs)
	wg.Wait()

	sort.Slice(latencies, func(a, b int) bool { return latencies[a] < latencies[b] })
	p := func(q float64) time.Duration { return latencies[int(q*float64(len(latencies)-1))] }
	fmt.Printf("p50=%v p90=%v p99=%v\\n", p(0.50), p(0.90), p(0.99))
}
`;
