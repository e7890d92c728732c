extension WebhookOutput: OutputBacklogReporting {
    /// Events not delivered yet; the spooled ones are those in the `spool:` directory.
    public var backlog: OutputBacklog {
        let pending = spool.count
        return OutputBacklog(pending: pending, spooled: spool.isDurable ? pending : 0)
    }
}
