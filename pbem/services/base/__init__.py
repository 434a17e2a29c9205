"""What every stage needs: the runtime, states read from the ledger, schedules, locks, time
budgets, failure isolation and the audit trail. Imports no other services package."""
