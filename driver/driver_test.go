package driver

import (
	sqldriver "database/sql/driver"
	"io"
)

// The interfaces each type implements, checked by the compiler (the list
// docs/design.md section 1 and the database/sql/driver documentation ask for).
var (
	_ sqldriver.Driver                         = (*Driver)(nil)
	_ sqldriver.DriverContext                  = (*Driver)(nil)
	_ sqldriver.Connector                      = (*Connector)(nil)
	_ io.Closer                                = (*Connector)(nil)
	_ sqldriver.Conn                           = (*conn)(nil)
	_ sqldriver.ConnPrepareContext             = (*conn)(nil)
	_ sqldriver.ConnBeginTx                    = (*conn)(nil)
	_ sqldriver.QueryerContext                 = (*conn)(nil)
	_ sqldriver.ExecerContext                  = (*conn)(nil)
	_ sqldriver.Pinger                         = (*conn)(nil)
	_ sqldriver.SessionResetter                = (*conn)(nil)
	_ sqldriver.Validator                      = (*conn)(nil)
	_ sqldriver.NamedValueChecker              = (*conn)(nil)
	_ sqldriver.Stmt                           = (*stmt)(nil)
	_ sqldriver.StmtQueryContext               = (*stmt)(nil)
	_ sqldriver.StmtExecContext                = (*stmt)(nil)
	_ sqldriver.Tx                             = (*tx)(nil)
	_ sqldriver.Rows                           = (*rows)(nil)
	_ sqldriver.RowsColumnTypeScanType         = (*rows)(nil)
	_ sqldriver.RowsColumnTypeDatabaseTypeName = (*rows)(nil)
	_ sqldriver.RowsColumnTypeNullable         = (*rows)(nil)
	_ sqldriver.RowsColumnTypePrecisionScale   = (*rows)(nil)
	_ sqldriver.RowsColumnTypeLength           = (*rows)(nil)
)
