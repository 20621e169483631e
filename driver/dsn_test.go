package driver

import (
	"errors"
	"reflect"
	"testing"

	"github.com/stretchr/testify/require"
)

var dsnCases = []struct {
	dsn  string
	want Config
}{
	{"/data/lake", Config{Root: "/data/lake", Shred: ShredAuto, Compression: "zstd", DuplicateKeys: DuplicateKeysError, RowGroupRows: 131072, RowGroupBytes: 67108864, DataSkipping: true}},
	{"./testdata/lake", Config{Root: "./testdata/lake", Shred: ShredAuto, Compression: "zstd", DuplicateKeys: DuplicateKeysError, RowGroupRows: 131072, RowGroupBytes: 67108864, DataSkipping: true}},
	{"/data/lake?shred=none&compression=snappy&read_only=true", Config{Root: "/data/lake", Shred: ShredNone, Compression: "snappy", ReadOnly: true, DuplicateKeys: DuplicateKeysError, RowGroupRows: 131072, RowGroupBytes: 67108864, DataSkipping: true}},
	{"file:///data/lake?data_skipping=false&duplicate_keys=last&row_group_rows=1000", Config{Root: "/data/lake", Shred: ShredAuto, Compression: "zstd", DuplicateKeys: DuplicateKeysLast, RowGroupRows: 1000, RowGroupBytes: 67108864, DataSkipping: false}},
	{"/d?row_group_bytes=1048576&row_group_rows=50", Config{Root: "/d", Shred: ShredAuto, Compression: "zstd", DuplicateKeys: DuplicateKeysError, RowGroupRows: 50, RowGroupBytes: 1 << 20, DataSkipping: true}},
	{"/d?variant_json=true", Config{Root: "/d", Shred: ShredAuto, Compression: "zstd", DuplicateKeys: DuplicateKeysError, RowGroupRows: 131072, RowGroupBytes: 67108864, DataSkipping: true, VariantJSON: true}},
	{"file:rel/dir", Config{Root: "rel/dir", Shred: ShredAuto, Compression: "zstd", DuplicateKeys: DuplicateKeysError, RowGroupRows: 131072, RowGroupBytes: 67108864, DataSkipping: true}},
	{"file:/odd%3Fname", Config{Root: "/odd?name", Shred: ShredAuto, Compression: "zstd", DuplicateKeys: DuplicateKeysError, RowGroupRows: 131072, RowGroupBytes: 67108864, DataSkipping: true}},
}

func TestParseDSN(t *testing.T) {
	for _, tc := range dsnCases {
		t.Run(tc.dsn, func(t *testing.T) {
			got, err := ParseDSN(tc.dsn)
			require.NoError(t, err)
			require.Equal(t, tc.want, *got)
			again, err := ParseDSN(got.FormatDSN())
			require.NoError(t, err)
			require.Equal(t, *got, *again, "FormatDSN gave %q", got.FormatDSN())
		})
	}
}

func TestFormatDSNDefaultsOmitted(t *testing.T) {
	c := NewConfig()
	c.Root = "/x"
	require.Equal(t, "/x", c.FormatDSN())
	c.ReadOnly = true
	c.Shred = ShredNone
	require.Equal(t, "/x?shred=none&read_only=true", c.FormatDSN())
}

func TestParseDSNErrors(t *testing.T) {
	for dsn, msg := range map[string]string{
		"":                                   `parquetvariant: invalid DSN: "": no directory`,
		"?shred=none":                        `parquetvariant: invalid DSN: "?shred=none": no directory`,
		"/d?bogus=1":                         `parquetvariant: invalid DSN: unknown option "bogus" (known: shred, compression, read_only, duplicate_keys, row_group_rows, row_group_bytes, data_skipping, variant_json)`,
		"/d?shred=some":                      `parquetvariant: invalid DSN: option shred="some": want auto or none`,
		"/d?read_only=maybe":                 `parquetvariant: invalid DSN: option read_only="maybe": want true or false`,
		"/d?row_group_rows=0":                `parquetvariant: invalid DSN: option row_group_rows="0": want a whole number of rows, at least 1`,
		"/d?row_group_bytes=-5":              `parquetvariant: invalid DSN: option row_group_bytes="-5": want a whole number of bytes, at least 1`,
		"/d?compression=rar":                 `parquetvariant: invalid DSN: option compression="rar": want zstd, snappy, gzip, lz4, brotli, none`,
		"/d?shred":                           `parquetvariant: invalid DSN: option "shred" has no value`,
		"/d?shred=none&shred=auto":           `parquetvariant: invalid DSN: option "shred" given twice`,
		"/d?duplicate_keys=first":            `parquetvariant: invalid DSN: option duplicate_keys="first": want error or last`,
		"file://remote/data":                 `parquetvariant: invalid DSN: "file://remote/data": file URL with host "remote"`,
		"/d?data_skipping=%zz":               `parquetvariant: invalid DSN: option data_skipping="%zz": invalid URL escape "%zz"`,
		"file:/tmp/my lake#1?read_only=true": `parquetvariant: invalid DSN: "file:/tmp/my lake#1?read_only=true": a file URL ends its path at #; write a # of the path as %23`,
		"file:///tmp/a#":                     `parquetvariant: invalid DSN: "file:///tmp/a#": a file URL ends its path at #; write a # of the path as %23`,
	} {
		_, err := ParseDSN(dsn)
		require.Error(t, err, dsn)
		require.True(t, errors.Is(err, ErrDSN), dsn)
		require.Equal(t, msg, err.Error(), dsn)
	}
}

// FuzzDSNRoundTrip: ParseDSN fails only with errors wrapping ErrDSN, and a
// Config it returns formats to a DSN that parses back to the same Config.
func FuzzDSNRoundTrip(f *testing.F) {
	for _, tc := range dsnCases {
		f.Add(tc.dsn)
	}
	f.Add("/a b/c#d?compression=none")
	f.Fuzz(func(t *testing.T, dsn string) {
		c, err := ParseDSN(dsn)
		if err != nil {
			if !errors.Is(err, ErrDSN) {
				t.Fatalf("ParseDSN(%q): error %v does not wrap ErrDSN", dsn, err)
			}
			return
		}
		again, err := ParseDSN(c.FormatDSN())
		if err != nil {
			t.Fatalf("ParseDSN(%q) ok, but its FormatDSN %q fails: %v", dsn, c.FormatDSN(), err)
		}
		if !reflect.DeepEqual(again, c) {
			t.Fatalf("round trip of %q through %q: %+v != %+v", dsn, c.FormatDSN(), *again, *c)
		}
	})
}
