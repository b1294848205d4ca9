export { AccountPlugin } from './account.plugin';
export { VerificationCode } from './entities/verification-code.entity';
export { VerificationCodeService } from './services/verification-code.service';
export { TestIdpService } from './services/test-idp.service';
export { sniffImage } from './services/image-upload.service';
export { CUSTOMER_CANCELLABLE_STATES } from './services/order-cancel.service';
