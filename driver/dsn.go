package driver

import (
	"errors"
	"fmt"
	"github.com/parquetvariant/parquetvariant/shred"
	"net/url"
	"slices"
	"strconv"
	"strings"
)

// ShredMode says how INSERT shreds Variant columns (docs/design.md section 7).
type ShredMode string

// The shredding modes of the DSN option shred.
const (
	// ShredAuto chooses a shredding schema from the rows written (the default).
	ShredAuto ShredMode = "auto"
	// ShredNone writes unshredded Variants (metadata and value only).
	ShredNone ShredMode = "none"
)

// DuplicateKeys says what parse_json does with a key given twice in one
// JSON object.
type DuplicateKeys string

// The values of the DSN option duplicate_keys.
const (
	// DuplicateKeysError rejects the document (the default).
	DuplicateKeysError DuplicateKeys = "error"
	// DuplicateKeysLast keeps the last value of the key.
	DuplicateKeysLast DuplicateKeys = "last"
)

// The compression codecs of the DSN option compression.
var compressions = []string{"zstd", "snappy", "gzip", "lz4", "brotli", "none"}

// Config is the parsed form of a DSN. [NewConfig] gives the defaults;
// [ParseDSN] and [FormatDSN] convert between a Config and its DSN.
type Config struct {
	// Root is the directory whose sub-directories and *.parquet files are the
	// tables. Required.
	Root string
	// Shred is the shredding mode of written files. Default ShredAuto.
	// DSN option shred=auto|none.
	Shred ShredMode
	// Compression is the codec of written column chunks. Default "zstd".
	// DSN option compression=zstd|snappy|gzip|lz4|brotli|none.
	Compression string
	// ReadOnly refuses every statement that writes. Default false.
	// DSN option read_only=true|false.
	ReadOnly bool
	// DuplicateKeys is what parse_json does with a repeated JSON key.
	// Default DuplicateKeysError. DSN option duplicate_keys=error|last.
	DuplicateKeys DuplicateKeys
	// RowGroupRows is the number of rows per row group in written files.
	// Default 131072. DSN option row_group_rows=N (N >= 1).
	RowGroupRows int
	// RowGroupBytes ends a row group of a written file early, once its
	// rows hold that many bytes of values (before encoding and
	// compression): it bounds the memory an INSERT takes, which holds up to
	// three row groups at a time. Default 67108864 (64 MiB). DSN option
	// row_group_bytes=N (N >= 1).
	RowGroupBytes int
	// DataSkipping uses statistics and the page index to skip row groups and
	// pages that hold no matching row. Default true; turning it off changes
	// no result, only speed. DSN option data_skipping=true|false.
	DataSkipping bool
	// VariantJSON makes VARIANT results come out as their JSON text (a
	// string) instead of variant.Variant, for code that scans them into
	// *string or passes them on as text. Default false. DSN option
	// variant_json=true|false.
	VariantJSON bool
	// Shredding fixes the shredding schema of VARIANT columns: by table
	// name (as its folder spells it), then column name (in any case; two
	// names of one table that differ only in case are an error). Every
	// file written to such a column uses that schema, whatever Shred says;
	// a value it does not fit is stored whole in the value column, so no
	// schema loses data (VariantShredding.md). Go API only: no DSN option,
	// and FormatDSN leaves it out. NewConnector rejects an invalid schema.
	Shredding map[string]map[string]shred.Schema
}

// ErrDSN is wrapped by every error ParseDSN returns.
var ErrDSN = errors.New("parquetvariant: invalid DSN")

// Default values of Config.
const (
	defaultCompression   = "zstd"
	defaultRowGroupRows  = 131072
	defaultRowGroupBytes = 64 << 20
)

// NewConfig returns a Config with every option at its default and no Root.
func NewConfig() *Config {
	return &Config{
		Shred:         ShredAuto,
		Compression:   defaultCompression,
		DuplicateKeys: DuplicateKeysError,
		RowGroupRows:  defaultRowGroupRows,
		RowGroupBytes: defaultRowGroupBytes,
		DataSkipping:  true,
	}
}

// ParseDSN parses a DSN: a directory path, or a file: URL, optionally
// followed by ?key=value options joined with &, for example
//
//	/data/lake?shred=none&compression=snappy&read_only=true
//	file:///data/lake?data_skipping=false
//
// Options: shred, compression, read_only, duplicate_keys, row_group_rows,
// row_group_bytes, data_skipping, variant_json (see [Config]). An unknown option, an option given twice or
// a bad value is an error that names it and wraps [ErrDSN].
func ParseDSN(dsn string) (*Config, error) {
	cfg := NewConfig()
	path, query, _ := strings.Cut(dsn, "?")
	if strings.HasPrefix(path, "file:") {
		u, err := url.Parse(path)
		if err != nil {
			return nil, fmt.Errorf("%w: %q: %v", ErrDSN, dsn, err)
		}
		if u.Fragment != "" || strings.HasSuffix(path, "#") {
			return nil, fmt.Errorf("%w: %q: a file URL ends its path at #; write a # of the path as %%23", ErrDSN, dsn)
		}
		if u.Host != "" && u.Host != "localhost" {
			return nil, fmt.Errorf("%w: %q: file URL with host %q", ErrDSN, dsn, u.Host)
		}
		path = u.Path
		if u.Opaque != "" {
			if path, err = url.PathUnescape(u.Opaque); err != nil {
				return nil, fmt.Errorf("%w: %q: %v", ErrDSN, dsn, err)
			}
		}
	}
	if path == "" {
		return nil, fmt.Errorf("%w: %q: no directory", ErrDSN, dsn)
	}
	cfg.Root = path
	if query == "" {
		return cfg, nil
	}
	seen := map[string]bool{}
	for _, kv := range strings.Split(query, "&") {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			return nil, fmt.Errorf("%w: option %q has no value", ErrDSN, kv)
		}
		key, err := url.QueryUnescape(k)
		if err != nil {
			return nil, fmt.Errorf("%w: option %q: %v", ErrDSN, k, err)
		}
		if seen[key] {
			return nil, fmt.Errorf("%w: option %q given twice", ErrDSN, key)
		}
		val, err := url.QueryUnescape(v)
		if err != nil {
			return nil, fmt.Errorf("%w: option %s=%q: %v", ErrDSN, key, v, err)
		}
		seen[key] = true
		if err := cfg.set(key, val); err != nil {
			return nil, err
		}
	}
	return cfg, nil
}

func (c *Config) set(key, val string) error {
	bad := func(want string) error {
		return fmt.Errorf("%w: option %s=%q: want %s", ErrDSN, key, val, want)
	}
	switch key {
	case "shred":
		switch m := ShredMode(val); m {
		case ShredAuto, ShredNone:
			c.Shred = m
		default:
			return bad("auto or none")
		}
	case "compression":
		if !slices.Contains(compressions, val) {
			return bad(strings.Join(compressions, ", "))
		}
		c.Compression = val
	case "read_only":
		b, ok := dsnBool(val)
		if !ok {
			return bad("true or false")
		}
		c.ReadOnly = b
	case "duplicate_keys":
		switch d := DuplicateKeys(val); d {
		case DuplicateKeysError, DuplicateKeysLast:
			c.DuplicateKeys = d
		default:
			return bad("error or last")
		}
	case "row_group_rows":
		n, err := strconv.Atoi(val)
		if err != nil || n < 1 {
			return bad("a whole number of rows, at least 1")
		}
		c.RowGroupRows = n
	case "row_group_bytes":
		n, err := strconv.Atoi(val)
		if err != nil || n < 1 {
			return bad("a whole number of bytes, at least 1")
		}
		c.RowGroupBytes = n
	case "data_skipping":
		b, ok := dsnBool(val)
		if !ok {
			return bad("true or false")
		}
		c.DataSkipping = b
	case "variant_json":
		b, ok := dsnBool(val)
		if !ok {
			return bad("true or false")
		}
		c.VariantJSON = b
	default:
		return fmt.Errorf("%w: unknown option %q (known: shred, compression, read_only, duplicate_keys, row_group_rows, row_group_bytes, data_skipping, variant_json)", ErrDSN, key)
	}
	return nil
}

// FormatDSN returns the DSN of c: its Root followed by the options that
// differ from their defaults, in a fixed order. ParseDSN of the result gives
// a Config equal to c (once c is valid). A Root holding '?', '%' or starting
// with "file:" is written as a file: URL.
func (c *Config) FormatDSN() string {
	var b strings.Builder
	if strings.ContainsAny(c.Root, "?%") || strings.HasPrefix(c.Root, "file:") {
		if strings.HasPrefix(c.Root, "/") {
			b.WriteString((&url.URL{Scheme: "file", Path: c.Root}).String())
		} else {
			b.WriteString("file:" + url.PathEscape(c.Root))
		}
	} else {
		b.WriteString(c.Root)
	}
	d := NewConfig()
	var opts []string
	add := func(k, v string) { opts = append(opts, k+"="+url.QueryEscape(v)) }
	if c.Shred != d.Shred {
		add("shred", string(c.Shred))
	}
	if c.Compression != d.Compression {
		add("compression", c.Compression)
	}
	if c.ReadOnly != d.ReadOnly {
		add("read_only", strconv.FormatBool(c.ReadOnly))
	}
	if c.DuplicateKeys != d.DuplicateKeys {
		add("duplicate_keys", string(c.DuplicateKeys))
	}
	if c.RowGroupRows != d.RowGroupRows {
		add("row_group_rows", strconv.Itoa(c.RowGroupRows))
	}
	if c.RowGroupBytes != d.RowGroupBytes {
		add("row_group_bytes", strconv.Itoa(c.RowGroupBytes))
	}
	if c.DataSkipping != d.DataSkipping {
		add("data_skipping", strconv.FormatBool(c.DataSkipping))
	}
	if c.VariantJSON != d.VariantJSON {
		add("variant_json", strconv.FormatBool(c.VariantJSON))
	}
	if len(opts) > 0 {
		b.WriteByte('?')
		b.WriteString(strings.Join(opts, "&"))
	}
	return b.String()
}

// dsnBool reads a boolean option's value: true or false, as the README
// lists them (not strconv's 1, t, TRUE and the like).
func dsnBool(val string) (b, ok bool) {
	switch val {
	case "true":
		return true, true
	case "false":
		return false, true
	}
	return false, false
}
