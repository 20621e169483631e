package driver

import (
	"fmt"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"github.com/parquetvariant/parquetvariant/variant"
)

// orderSample is one value of every kind, with text that reads as a
// number, a boolean, a uuid, a time and a time of day, so that text meets
// each kind it may be read as.
func orderSample(t *testing.T) []value {
	t.Helper()
	u := uuid.MustParse("00000000-0000-0000-0000-000000000001")
	vs := []value{
		nullValue(), boolValue(false), boolValue(true), intValue(-1), intValue(0), intValue(1), intValue(2),
		floatValue(0.5), floatValue(1), decimalOf(t, "1.50"),
		stringValue(""), stringValue("1"), stringValue("true"), stringValue("x"), stringValue("0.5"),
		stringValue(u.String()), stringValue("00000000000000000000000000000001"),
		stringValue("2024-01-01"), stringValue("10:00:00"), stringValue("a"),
		{k: kindBytes, b: []byte("1")}, {k: kindBytes, b: []byte{}},
		{k: kindTime, t: time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)}, {k: kindTime, t: time.Date(1969, 7, 20, 20, 17, 0, 0, time.UTC)},
		clockValue(10 * time.Hour), clockValue(0),
		{k: kindUUID, s: u.String()}, {k: kindUUID, s: "ffffffff-0000-0000-0000-000000000000"},
	}
	for _, j := range []string{"null", "true", "1", "1.50", "2e0", `"1"`, `"x"`, "[1]", "[]", `{"a":1}`, "{}"} {
		v, err := variant.ParseJSON([]byte(j))
		require.NoError(t, err, j)
		vs = append(vs, value{k: kindVariant, v: v})
	}
	for _, x := range []any{u, variant.Time(10 * 3600e6), time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC), []byte("1")} {
		v, err := variant.Of(x)
		require.NoError(t, err)
		vs = append(vs, value{k: kindVariant, v: v})
	}
	return vs
}

func decimalOf(t *testing.T, text string) value {
	t.Helper()
	d, err := variant.ParseDecimal(text)
	require.NoError(t, err)
	return decimalValue(d)
}

// TestOrderCompareIsAnOrder: the comparison of ORDER BY, MIN and MAX is a
// total order over values of every kind: x < y exactly when y > x, and
// x <= y <= z gives x <= z. Text that reads as another kind would break
// it, were it read as that kind: '1' < 2 and 'x' < '1', but 2 < 'x'.
func TestOrderCompareIsAnOrder(t *testing.T) {
	vs := orderSample(t)
	text := func(v value) string {
		if v.k == kindVariant {
			return "Variant " + v.v.String()
		}
		return v.k.String() + " " + fmt.Sprint(driverValue(&v))
	}
	for _, a := range vs {
		require.Zero(t, orderCompare(a, a), text(a))
		for _, b := range vs {
			ab, ba := orderCompare(a, b), orderCompare(b, a)
			require.Equal(t, sign(ab), -sign(ba), "%s vs %s", text(a), text(b))
			for _, c := range vs {
				if ab <= 0 && orderCompare(b, c) <= 0 {
					require.LessOrEqual(t, orderCompare(a, c), 0, "%s <= %s <= %s", text(a), text(b), text(c))
				}
			}
		}
	}
}

func sign(c int) int {
	switch {
	case c < 0:
		return -1
	case c > 0:
		return 1
	}
	return 0
}
