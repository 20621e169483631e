package driver

import (
	"context"
	"database/sql"
	sqldriver "database/sql/driver"
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/xwb1989/sqlparser"

	"github.com/parquetvariant/parquetvariant/variant"
)

// conn is one connection. database/sql uses a connection from one goroutine
// at a time; what connections share (the Connector's footer cache and write
// locks) is safe for concurrent use.
type conn struct {
	connector *Connector
	cfg       *Config
	tx        *tx // the open transaction, or nil
	closed    bool
}

// Prepare parses the statement; see PrepareContext.
func (c *conn) Prepare(query string) (sqldriver.Stmt, error) {
	return c.PrepareContext(context.Background(), query)
}

// PrepareContext parses and checks the statement once: a syntax error, an
// unsupported construct, a malformed path or an expression that the types
// of its literals make always wrong (1 + 'x') fails here, not at
// execution; one that the table's column types make always wrong fails
// when the statement runs, before any row is read.
func (c *conn) PrepareContext(ctx context.Context, query string) (sqldriver.Stmt, error) {
	if c.closed {
		return nil, sqldriver.ErrBadConn
	}
	p, err := parseSQL(query)
	if err != nil {
		return nil, err
	}
	if err := checkConstants(p.stmt); err != nil {
		return nil, err
	}
	if err := checkLiteralTypes(p.stmt); err != nil {
		return nil, err
	}
	return &stmt{conn: c, query: query, parsed: p}, nil
}

// Close closes the connection, rolling back an open transaction.
func (c *conn) Close() error {
	if c.tx != nil {
		c.tx.discard()
	}
	c.closed = true
	return nil
}

// Begin starts a transaction; see BeginTx.
func (c *conn) Begin() (sqldriver.Tx, error) {
	return c.BeginTx(context.Background(), sqldriver.TxOptions{})
}

// Ping reports whether the root directory can be listed. It returns
// driver.ErrBadConn only for a closed connection.
func (c *conn) Ping(ctx context.Context) error {
	if c.closed {
		return sqldriver.ErrBadConn
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	_, err := c.connector.root.Tables()
	return err
}

// ResetSession is called before the pool reuses the connection.
func (c *conn) ResetSession(ctx context.Context) error {
	if c.closed {
		return sqldriver.ErrBadConn
	}
	return nil
}

// IsValid reports whether the pool may keep the connection.
func (c *conn) IsValid() bool { return !c.closed }

// CheckNamedValue accepts the argument types the driver reads without
// conversion: the driver.Value types (nil, int64, float64, bool, string,
// []byte, time.Time), variant.Variant and variant.Decimal as they are (also as
// sql.Null[T], *sql.Null[T] and *T of either, NULL when not valid or nil,
// rather than through their driver.Valuer text), and
// map[string]any, []any and json.RawMessage as Variants (by variant.Of, so
// no type is lost on the way). Other maps, slices and arrays ([]string,
// map[string]int, ...) that are not bytes and do not implement
// driver.Valuer are an error that says to write IN (?, ?, ...) or pass
// []any, map[string]any or a variant.Variant, since a list meant for IN
// would otherwise match nothing. Everything else goes to database/sql's default
// conversion (driver.ErrSkip), but uint64 and uint values above the range
// of int64, which it refuses, become exact decimals. The zero
// variant.Variant, which holds no value, is an error wrapping
// variant.ErrInvalidValue.
func (c *conn) CheckNamedValue(nv *sqldriver.NamedValue) error {
	if nv.Name != "" {
		return fmt.Errorf("parquetvariant: named argument %s: only positional ? arguments are supported", nv.Name)
	}
	switch x := nv.Value.(type) {
	case nil, int64, float64, bool, string, []byte, time.Time:
		return nil // driver.Values already: no conversion to look for
	case variant.Decimal:
		return nil
	case sql.Null[variant.Decimal]:
		// The Valuers would turn the decimal into its text.
		nv.Value = nil
		if x.Valid {
			nv.Value = x.V
		}
		return nil
	case *variant.Decimal:
		nv.Value = nil
		if x != nil {
			nv.Value = *x
		}
		return nil
	case *sql.Null[variant.Decimal]:
		nv.Value = nil
		if x != nil && x.Valid {
			nv.Value = x.V
		}
		return nil
	case variant.Variant:
		return checkVariantArg(nv, x)
	case sql.Null[variant.Variant]:
		// sql.Null's own Value would turn the Variant into its JSON text.
		nv.Value = nil
		if x.Valid {
			return checkVariantArg(nv, x.V)
		}
		return nil
	case *variant.Variant:
		nv.Value = nil
		if x != nil {
			return checkVariantArg(nv, *x)
		}
		return nil
	case *sql.Null[variant.Variant]:
		nv.Value = nil
		if x != nil && x.Valid {
			return checkVariantArg(nv, x.V)
		}
		return nil
	case float32:
		nv.Value = float32Arg(x)
		return nil
	case *float32:
		nv.Value = nil
		if x != nil {
			nv.Value = float32Arg(*x)
		}
		return nil
	case sql.Null[float32]:
		// sql.Null's own Value would pass the float32 on as it is.
		nv.Value = nil
		if x.Valid {
			nv.Value = float32Arg(x.V)
		}
		return nil
	case *sql.Null[float32]:
		nv.Value = nil
		if x != nil && x.Valid {
			nv.Value = float32Arg(x.V)
		}
		return nil
	case uint64:
		return checkUintArg(nv, x)
	case uint:
		return checkUintArg(nv, uint64(x))
	case map[string]any, []any, json.RawMessage:
		return variantArg(nv, x)
	case sqldriver.Valuer:
		return sqldriver.ErrSkip // the type says how it is stored
	}
	switch rv := reflect.ValueOf(nv.Value); rv.Kind() {
	case reflect.Float32: // a named float32 type
		nv.Value = float32Arg(float32(rv.Float()))
		return nil
	case reflect.Pointer: // to a named float32 type
		if rv.Type().Elem().Kind() == reflect.Float32 {
			nv.Value = nil
			if !rv.IsNil() {
				nv.Value = float32Arg(float32(rv.Elem().Float()))
			}
			return nil
		}
	case reflect.Slice, reflect.Array, reflect.Map:
		if rv.Kind() != reflect.Map && rv.Type().Elem().Kind() == reflect.Uint8 {
			return sqldriver.ErrSkip // bytes: database/sql's conversion
		}
		// A list for IN (?) would compare as one Variant array and match
		// nothing: refused, saying what to pass instead.
		return fmt.Errorf("parquetvariant: argument %d: a %T is not one SQL value: for IN, write one ? per element (IN (?, ?, ?)); for a Variant, pass []any, map[string]any or variant.Of(x)", nv.Ordinal, nv.Value)
	}
	return sqldriver.ErrSkip
}

// variantArg sets nv to the Variant of the Go value x (variant.Of).
func variantArg(nv *sqldriver.NamedValue, x any) error {
	v, err := variant.Of(x)
	if err != nil {
		return fmt.Errorf("parquetvariant: argument %d: %w", nv.Ordinal, err)
	}
	nv.Value = v
	return nil
}

// checkVariantArg sets nv to the Variant v, refusing the zero Variant, which
// holds no value.
func checkVariantArg(nv *sqldriver.NamedValue, v variant.Variant) error {
	if len(v.Bytes()) == 0 {
		return fmt.Errorf("parquetvariant: argument %d: %w: the zero variant.Variant holds no value; pass nil or an invalid sql.Null[variant.Variant] for SQL NULL", nv.Ordinal, variant.ErrInvalidValue)
	}
	nv.Value = v
	return nil
}

// checkUintArg passes an unsigned integer above the range of int64 (which
// database/sql's default conversion refuses) on as an exact decimal.
func checkUintArg(nv *sqldriver.NamedValue, u uint64) error {
	if u <= math.MaxInt64 {
		nv.Value = int64(u)
		return nil
	}
	d, err := variant.DecimalFromBig(new(big.Int).SetUint64(u), 0)
	if err != nil {
		return fmt.Errorf("parquetvariant: argument %d: %w", nv.Ordinal, err)
	}
	nv.Value = d
	return nil
}

// QueryContext runs a query without a prepared statement.
func (c *conn) QueryContext(ctx context.Context, query string, args []sqldriver.NamedValue) (sqldriver.Rows, error) {
	if c.closed {
		return nil, sqldriver.ErrBadConn
	}
	p, err := parseSQL(query)
	if err != nil {
		return nil, err
	}
	if err := checkLiteralTypes(p.stmt); err != nil {
		return nil, err
	}
	vals, err := argValues(args, p.numParams)
	if err != nil {
		return nil, err
	}
	return c.query(ctx, p, vals)
}

// ExecContext runs a statement without a prepared statement.
func (c *conn) ExecContext(ctx context.Context, query string, args []sqldriver.NamedValue) (sqldriver.Result, error) {
	if c.closed {
		return nil, sqldriver.ErrBadConn
	}
	p, err := parseSQL(query)
	var vals []value
	if err == nil {
		err = checkLiteralTypes(p.stmt)
	}
	if err == nil {
		vals, err = argValues(args, p.numParams)
	}
	if err != nil {
		if isInsert(p, query) {
			c.refusedInsert(err)
		}
		return nil, err
	}
	return c.exec(ctx, p, vals)
}

// isInsert reports whether query, parsed as p (nothing when it does not
// parse), is an INSERT: by its statement, else by its first token, else,
// when it cannot even be split into tokens, by its first word.
func isInsert(p parsed, query string) bool {
	if p.stmt != nil {
		_, ok := p.stmt.(*insertStmt)
		return ok
	}
	toks, err := scanTokens(query)
	if err != nil {
		return startsWithInsert(query)
	}
	return len(toks) > 0 && toks[0].typ == sqlparser.INSERT
}

// startsWithInsert reports whether the first word of the SQL text query,
// after white space and comments (/* */, and --, # or // to the end of the
// line, as the tokenizer reads them), is INSERT in any case: for a
// statement the tokenizer cannot read, an unclosed quote say.
func startsWithInsert(query string) bool {
	for {
		query = strings.TrimLeft(query, " \t\r\n\f")
		switch {
		case strings.HasPrefix(query, "/*"):
			end := strings.Index(query[2:], "*/")
			if end < 0 {
				return false
			}
			query = query[2+end+2:]
		case strings.HasPrefix(query, "--"), strings.HasPrefix(query, "#"), strings.HasPrefix(query, "//"):
			end := strings.IndexByte(query, '\n')
			if end < 0 {
				return false
			}
			query = query[end+1:]
		default:
			const word = "insert"
			return len(query) >= len(word) && strings.EqualFold(query[:len(word)], word) &&
				(len(query) == len(word) || !isWordByte(query[len(word)]))
		}
	}
}

// isWordByte reports whether c may continue an SQL word.
func isWordByte(c byte) bool {
	return c == '_' || c == '$' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}

// refusedInsert records err, the error of an INSERT refused before it ran
// (its text, its literals or its arguments), as the failure of the
// transaction under way, if any: an INSERT that fails for any reason
// leaves the transaction able only to roll back, as one failing while it
// runs does.
func (c *conn) refusedInsert(err error) {
	if c.tx != nil && c.tx.failed == nil {
		c.tx.failed = err
	}
}

// argValues converts the arguments of one execution, checking their number
// as database/sql does for prepared statements.
func argValues(args []sqldriver.NamedValue, want int) ([]value, error) {
	return appendArgValues(make([]value, 0, len(args)), args, want)
}

// appendArgValues is argValues appending to out.
func appendArgValues(out []value, args []sqldriver.NamedValue, want int) ([]value, error) {
	if len(args) != want {
		return nil, fmt.Errorf("sql: expected %d arguments, got %d", want, len(args))
	}
	n := len(out)
	out = slices.Grow(out, len(args))[:n+len(args)]
	for i, a := range args {
		if err := setArgValue(&out[n+i], a.Value); err != nil {
			return nil, fmt.Errorf("parquetvariant: argument %d: %w", i+1, err)
		}
	}
	return out, nil
}

// setArgValue sets *dst to one driver.Value (after CheckNamedValue) as a
// value, built in place: a value is large, and copying it costs more than
// converting.
func setArgValue(dst *value, a any) error {
	switch x := a.(type) {
	case nil:
		*dst = value{}
	case int64:
		*dst = value{k: kindInt, i: x}
	case float64:
		*dst = value{k: kindFloat, f: x}
	case bool:
		*dst = value{k: kindBool, i: b2i(x)}
	case string:
		*dst = value{k: kindString, s: x}
	case []byte:
		*dst = value{k: kindBytes, b: x}
	case time.Time:
		*dst = value{k: kindTime, t: x.UTC()}
	case variant.Variant:
		*dst = value{k: kindVariant, v: x}
	case variant.Decimal:
		*dst = value{k: kindDecimal, d: x}
	default:
		return fmt.Errorf("unsupported type %T", a)
	}
	return nil
}

// float32Arg is the float64 of the decimal f prints as: float32(19.99) is
// 19.99, where float64(f) would be 19.989999771118164, which no DECIMAL(p,2)
// holds.
func float32Arg(f float32) float64 {
	d, _ := strconv.ParseFloat(strconv.FormatFloat(float64(f), 'g', -1, 32), 64)
	return d
}
