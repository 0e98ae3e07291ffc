/**
 * antd's Input and Password without the rest of the Input namespace (TextArea, OTP, Search),
 * which keeps the sign-in bundle small.
 */
export { default as Input } from 'antd/es/input/Input';
export { default as PasswordInput } from 'antd/es/input/Password';
