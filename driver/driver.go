package driver

import (
	"context"
	"database/sql"
	sqldriver "database/sql/driver"
)

// DriverName is the name the driver is registered under with database/sql.
const DriverName = "parquetvariant"

func init() {
	sql.Register(DriverName, &Driver{})
}

// Driver is the database/sql driver. Use it through sql.Open("parquetvariant",
// dsn), or build a [Connector] with [NewConnector] and sql.OpenDB.
type Driver struct{}

// Open parses dsn and connects; database/sql prefers OpenConnector.
func (d *Driver) Open(dsn string) (sqldriver.Conn, error) {
	c, err := d.OpenConnector(dsn)
	if err != nil {
		return nil, err
	}
	return c.Connect(context.Background())
}

// OpenConnector parses dsn (see [ParseDSN]) and returns a Connector for it.
func (d *Driver) OpenConnector(dsn string) (sqldriver.Connector, error) {
	cfg, err := ParseDSN(dsn)
	if err != nil {
		return nil, err
	}
	return NewConnector(cfg)
}
