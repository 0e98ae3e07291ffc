export { startSimulatedGateway, type SimulatedGateway, type SimulatedGatewayOptions, type GatewayState, type OtaOutcome } from './gateway';
export { ModbusSlave, registerCount, type ModbusSlaveOptions } from './modbusSlave';
export { FlowRunner, SimulatedSerialPort, type SerialPort, type LinkBus, type RunnerEvent } from './flowRunner';
export { seededRandom } from './random';
