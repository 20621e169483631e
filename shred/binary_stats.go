package shred

import (
	"bytes"

	"github.com/parquet-go/parquet-go"
)

// ParquetBinary is parquet.ByteArrayType with a column index whose bounds
// hold every value of their page, as parquet.thrift (ColumnIndex) requires
// of truncated bounds. parquet-go cuts a min or a max longer than the
// index's size limit (16 bytes by default) to that many bytes and adds one
// to the max's last byte, carrying; a max whose first bytes are all 0xFF
// cannot be raised that way, and parquet-go keeps those bytes, below the
// value itself. ParquetBinary keeps such a max whole, and cuts any other
// long max after its last byte below 0xFF within the limit, which it
// raises by one. Mins are cut to the limit, as parquet-go does. A column
// written with dictionary encoding (parquet.Encoded with RLEDictionary)
// gets parquet-go's own indexer again, as parquet-go builds it from the
// dictionary's type.
var ParquetBinary parquet.Type = binaryStatsType{parquet.ByteArrayType}

type binaryStatsType struct{ parquet.Type }

// NewColumnIndexer returns an indexer that truncates bounds to sizeLimit
// bytes (none when sizeLimit <= 0) as ParquetBinary says, over parquet-go's
// byte array indexer with truncation off.
func (t binaryStatsType) NewColumnIndexer(sizeLimit int) parquet.ColumnIndexer {
	return &binaryStatsIndexer{ColumnIndexer: t.Type.NewColumnIndexer(0), limit: sizeLimit}
}

// binaryStatsIndexer truncates each page's bounds before the indexer it
// wraps, which keeps them as they are, copies them.
type binaryStatsIndexer struct {
	parquet.ColumnIndexer
	limit int
}

func (i *binaryStatsIndexer) IndexPage(numValues, numNulls int64, min, max parquet.Value) {
	if i.limit > 0 {
		if b := min.ByteArray(); !min.IsNull() && len(b) > i.limit {
			min = parquet.ByteArrayValue(b[:i.limit])
		}
		if b := max.ByteArray(); !max.IsNull() && len(b) > i.limit {
			max = parquet.ByteArrayValue(upperBound(b, i.limit))
		}
	}
	i.ColumnIndexer.IndexPage(numValues, numNulls, min, max)
}

// upperBound returns the shortest bound above v, which has more than limit
// bytes, that a column index may hold for it: v's first bytes up to its
// last byte below 0xFF within the first limit bytes, that byte raised by
// one; v itself when its first limit bytes are all 0xFF.
func upperBound(v []byte, limit int) []byte {
	for k := limit - 1; k >= 0; k-- {
		if v[k] != 0xFF {
			b := bytes.Clone(v[:k+1])
			b[k]++
			return b
		}
	}
	return v
}
