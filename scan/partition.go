package scan

import (
	"fmt"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// hiveNullPartition is the folder value Hive and Spark write for a NULL
// partition key.
const hiveNullPartition = "__HIVE_DEFAULT_PARTITION__"

// partValue is one key=value folder on the way from a table's directory to
// one of its files.
type partValue struct {
	key   string
	value string
	null  bool // the folder value is hiveNullPartition
}

// partitionsOf returns the key=value folders between the table directory
// dir and file, outermost first; a key given twice (in any case) keeps the
// innermost value. Keys and values are unescaped as Hive escapes them
// (%XX); one that does not unescape to UTF-8 text is taken as written.
func partitionsOf(dir, file string) []partValue {
	parent := filepath.Dir(file)
	if parent == dir {
		return nil // directly in the table's folder
	}
	rel, err := filepath.Rel(dir, parent)
	if err != nil || rel == "." {
		return nil
	}
	var out []partValue
	for _, seg := range strings.Split(filepath.ToSlash(rel), "/") {
		k, v, ok := strings.Cut(seg, "=")
		k, v = unescapeHive(k), unescapeHive(v)
		if !ok || k == "" {
			continue
		}
		p := partValue{key: k, value: v, null: v == hiveNullPartition}
		replaced := false
		for i := range out {
			if strings.EqualFold(out[i].key, k) {
				out[i], replaced = p, true
			}
		}
		if !replaced {
			out = append(out, p)
		}
	}
	return out
}

// unescapeHive undoes Hive's %XX escaping of a partition folder's key or
// value; text that does not unescape to valid UTF-8 is kept as written.
func unescapeHive(s string) string {
	u, err := url.PathUnescape(s)
	if err != nil || !utf8.ValidString(u) {
		return s
	}
	return u
}

// partitionType is the type of a partition column: the folder's text.
var partitionType = Type{Kind: KindString, Physical: "BYTE_ARRAY", Logical: "STRING"}

// addPartitionColumns appends to s, as nullable string columns, the
// partition keys of the table's files (parts, by file) that no file stores
// as a column, in order of first appearance; names match in any case (as
// SQL reads them), the first spelling naming the column. A file without a
// key's folder reads it as NULL.
func addPartitionColumns(s *Schema, parts [][]partValue) {
	for _, ps := range parts {
		for _, p := range ps {
			key := foldName(p.key)
			if _, ok := s.index[key]; ok {
				continue
			}
			s.index[key] = len(s.Columns)
			s.Columns = append(s.Columns, Column{Name: p.key, Type: partitionType, Nullable: true, Partition: true})
		}
	}
}

// partitionDesc returns the descriptor of column name, of type typ, in a
// file that does not store it but lies in a name=value folder (parts):
// every row holds the folder's value read as typ (a string as it is; a
// BIGINT, DOUBLE, BOOLEAN or DATE parsed), NULL for
// __HIVE_DEFAULT_PARTITION__. It returns nil when no folder gives the
// column (the file reads it as NULL), so that a key newer files store as a
// column keeps its folder values in the older files; a folder value that
// does not read as typ, or a typ that takes none, is an error wrapping
// ErrType.
func partitionDesc(name string, typ Type, parts []partValue) (*leafDesc, error) {
	for _, p := range parts {
		if !strings.EqualFold(p.key, name) {
			continue
		}
		d := &leafDesc{leaf: -1, path: name, typ: typ, ordered: true, konst: &cell{null: true}}
		switch typ.Kind {
		case KindString:
			d.dom = domBytes
		case KindInt64:
			d.dom = domInt
		case KindFloat64:
			d.dom = domFloat
		case KindBool:
			d.dom = domBool
		case KindDate:
			d.dom, d.unit = domTime, nanosPerDay
		default:
			return nil, fmt.Errorf("%w: partition folder %s=%s: a column of type %s takes no folder values (strings, BIGINT, DOUBLE, BOOLEAN and DATE do)", ErrType, p.key, p.value, typ)
		}
		if !p.null {
			var err error
			if *d.konst, err = partitionCell(p.value, typ.Kind); err != nil {
				return nil, fmt.Errorf("%w: partition folder %s=%s does not read as the column's type %s", ErrType, p.key, p.value, typ)
			}
		}
		return d, nil
	}
	return nil, nil
}

// partitionCell reads a folder value as a cell of kind k.
func partitionCell(v string, k Kind) (cell, error) {
	switch k {
	case KindInt64:
		i, err := strconv.ParseInt(v, 10, 64)
		return cell{i: i}, err
	case KindFloat64:
		f, err := strconv.ParseFloat(v, 64)
		return cell{f: f}, err
	case KindBool:
		b, err := strconv.ParseBool(v)
		if b {
			return cell{i: 1}, err
		}
		return cell{}, err
	case KindDate:
		t, err := time.Parse(time.DateOnly, v)
		return cell{i: t.Unix() / 86400}, err
	}
	return cell{b: []byte(v)}, nil
}
