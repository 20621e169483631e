// Package benchdata builds the event table that the scan and driver
// benchmarks read (the scan issue's benchmark table): one Variant column
// of events, sorted by time, shredded into six fields with a residual
// object. Both benchmarks take their rows and shredding from here, so that
// the database/sql figures compare with the scan cursor's on the same data.
//
//	var b variant.Builder
//	v, err := benchdata.Event(&b, row)
package benchdata

import (
	"strconv"
	"time"

	"github.com/parquetvariant/parquetvariant/shred"
	"github.com/parquetvariant/parquetvariant/variant"
)

// Start is the time of row 0; row n is n seconds later.
var Start = time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)

var eventTypes = []string{"view", "view", "view", "view", "view", "view", "click", "click", "click", "cart"}

var countries = []string{"FR", "DE", "US", "JP", "BR"}

// Schema is the shredding of the events: event_type, user_id, ts, amount,
// country and session shredded; ua and flags stay in the residual object.
func Schema() shred.Schema {
	return shred.Object(
		shred.Field{Name: "event_type", Schema: shred.Typed(shred.TypeString)},
		shred.Field{Name: "user_id", Schema: shred.Typed(shred.TypeInt64)},
		shred.Field{Name: "ts", Schema: shred.Typed(shred.TypeTimestamp)},
		shred.Field{Name: "amount", Schema: shred.Typed(shred.TypeInt64)},
		shred.Field{Name: "country", Schema: shred.Typed(shred.TypeString)},
		shred.Field{Name: "session", Schema: shred.Typed(shred.TypeInt64)},
	)
}

// Purchase reports whether row is a purchase (1 row in 100).
func Purchase(row int) bool { return row%100 == 7 }

// Amount is the amount of row, in [0, 1000).
func Amount(row int) int64 { return int64(row % 1000) }

// Agent is the number in the ua of row ("agent-N"), in [0, 50).
func Agent(row int) int { return row % 50 }

// Event builds the event of row number row with b (which it resets) and
// returns it; the Variant is valid until b is reset.
func Event(b *variant.Builder, row int) (variant.Variant, error) {
	b.Reset()
	b.BeginObject()
	b.Key("event_type")
	if Purchase(row) {
		b.AppendString("purchase")
	} else {
		b.AppendString(eventTypes[row%len(eventTypes)])
	}
	b.Key("user_id")
	b.AppendInt64(int64(row*7919) % 100000)
	b.Key("ts")
	b.AppendTimestamp(Start.Add(time.Duration(row) * time.Second).UnixMicro())
	b.Key("amount")
	b.AppendInt64(Amount(row))
	b.Key("country")
	b.AppendString(countries[row%len(countries)])
	b.Key("session")
	b.AppendInt64(int64(row / 20))
	b.Key("ua")
	b.AppendString("agent-" + strconv.Itoa(Agent(row)))
	b.Key("flags")
	b.BeginArray()
	b.AppendInt64(int64(row % 3))
	b.AppendBool(row%2 == 0)
	b.EndArray()
	b.EndObject()
	return b.Build()
}
