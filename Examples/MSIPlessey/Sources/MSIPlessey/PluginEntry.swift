import ScanPluginKit

/// The plugin's entry function (`include/scanctl_plugin.h`): the one line that makes the decoder above
/// a plugin scanctl can load (`scanctl decode --plugin libMSIPlessey.so …`).
@_cdecl("scanctl_plugin_entry")
public func scanctlPluginEntry(_ hostABIVersion: UInt32) -> UnsafeRawPointer? {
    PluginExport.table(for: MSIPlesseyDecoder(), hostABIVersion: hostABIVersion)
}
