// The one import of the capture module (pcap/pcapng reading and TCP analysis) in src/ui.
export * from '../../capture';
